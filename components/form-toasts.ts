import type { FieldErrors, FieldValues } from "react-hook-form";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/actions/result";

/** SPEC.md §5's validation toast for a form's invalid submit: the first message in the form's field order. */
export function toastFirstInvalid<T extends FieldValues>(order: readonly (keyof T & string)[]) {
  return (errors: FieldErrors<T>) => {
    const first = order.map((field) => errors[field]?.message).find((message) => typeof message === "string");
    toast.error("Ошибка валидации", { description: typeof first === "string" ? first : "Проверьте введённые данные" });
  };
}

/** What a form says when its server action could not be reached. */
export const NO_CONNECTION = "Нет связи с сервером, попробуйте ещё раз";

/** A server action's answer, or «нет связи» when the request itself failed (offline, server gone). */
export function orNoConnection<T>(call: Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  return call.catch((): ActionResult<T> => ({ ok: false, error: NO_CONNECTION }));
}

/** An action's refusal: a schema's names its fields (SPEC.md §8: «Ошибка валидации»), Supabase Auth's and the rules' do not. */
export function toastRefusal(refusal: { error: string; fieldErrors?: Record<string, string> }) {
  toast.error(refusal.fieldErrors ? "Ошибка валидации" : "Ошибка", { description: refusal.error });
}
