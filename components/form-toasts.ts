import { unstable_isUnrecognizedActionError, unstable_rethrow } from "next/navigation";
import type { FieldErrors, FieldValues } from "react-hook-form";
import { toast } from "@/components/client-loading/toast";
import type { ActionResult } from "@/lib/actions/result";
import { firstInvalidField } from "@/lib/domain/form-order";
import { NO_CONNECTION } from "@/components/forms/no-connection";

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

export { NO_CONNECTION };

/**
 * Whether a server action's call rejected because the server could not be reached: our actions
 * reject only then (they answer every failure, lib/actions/define.ts). A redirect from the action
 * comes as a rejection too, for Next's router to follow, and an action a new deploy no longer has
 * goes on to the error screen, whose «Попробовать снова» loads the new build: both are thrown again.
 */
function rethrowUnlessLost(error: unknown) {
  unstable_rethrow(error);
  if (unstable_isUnrecognizedActionError(error)) throw error;
}

/** A server action's answer, or «нет связи» when the request itself failed (offline, server gone). */
export function orNoConnection<T>(call: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  return call.catch((error: unknown): ActionResult<T> => {
    rethrowUnlessLost(error);
    return { ok: false, error: NO_CONNECTION };
  });
}

/** For a form's action that rejected (useSafeActionState, SafeForm): «нет связи» in a toast, or the rejection thrown on (rethrowUnlessLost). */
export function sayNoConnection(error: unknown, toastId?: string) {
  rethrowUnlessLost(error);
  toastRefusal({ error: NO_CONNECTION }, toastId);
}

/** An action's refusal: a schema's names its fields (docs/product.md §8: «Ошибка валидации»), Supabase Auth's and the rules' do not. */
export function toastRefusal(refusal: { error: string; fieldErrors?: Record<string, string> }, toastId?: string) {
  toast.error(refusal.fieldErrors ? "Ошибка валидации" : "Ошибка", { id: toastId, description: refusal.error });
}
