import type { FieldErrors, FieldValues } from "react-hook-form";
import { toast } from "@/components/client-loading/toast";
import type { ActionResult } from "@/lib/actions/result";
import { firstInvalidField } from "@/lib/domain/form-order";

/**
 * docs/product.md §5's validation toast for a form's invalid submit: the first message in the form's field
 * order; with `focus` (react-hook-form's setFocus, with shouldFocusError off) that field takes
 * the focus. `toastId`: the form's toasts share it, so its success replaces the error it resolves.
 */
export function toastFirstInvalid<T extends FieldValues>(
  order: readonly (keyof T & string)[],
  { focus, toastId }: { focus?: (field: keyof T & string) => void; toastId?: string } = {},
) {
  return (errors: FieldErrors<T>) => {
    const field = firstInvalidField<keyof T & string>(order, errors as Partial<Record<keyof T & string, { message?: unknown }>>);
    const first = field && errors[field]?.message;
    toast.error("Ошибка валидации", { id: toastId, description: typeof first === "string" ? first : "Проверьте введённые данные" });
    if (field) focus?.(field);
  };
}

/** What a form says when its server action could not be reached. */
export const NO_CONNECTION = "Нет связи с сервером, попробуйте ещё раз";

/** A server action's answer, or «нет связи» when the request itself failed (offline, server gone). */
export function orNoConnection<T>(call: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  return call.catch((): ActionResult<T> => ({ ok: false, error: NO_CONNECTION }));
}

/** An action's refusal: a schema's names its fields (docs/product.md §8: «Ошибка валидации»), Supabase Auth's and the rules' do not. */
export function toastRefusal(refusal: { error: string; fieldErrors?: Record<string, string> }, toastId?: string) {
  toast.error(refusal.fieldErrors ? "Ошибка валидации" : "Ошибка", { id: toastId, description: refusal.error });
}
