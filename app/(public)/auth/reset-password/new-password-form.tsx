"use client";

import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { initialFormState } from "@/lib/actions/form-state";
import { PASSWORD_NATIVE_MIN } from "@/lib/validation/limits";
import { updatePassword } from "../../actions";

/** Posted by the browser before its script and by React after; a saved password goes on to /dashboard. */
export function NewPasswordForm() {
  const [state, formAction] = useSafeActionState(updatePassword, initialFormState());
  useActionToast(state);
  const errors = state.result?.ok === false ? (state.result.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} onReset={keepTyped} className="flex flex-col gap-4" noValidate>
      <FormField id="password" label="Новый пароль" error={errors.password}>
        <Input name="password" type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} />
      </FormField>
      <FormField id="confirmation" label="Повторите пароль" error={errors.confirmation}>
        <Input name="confirmation" type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} />
      </FormField>
      <SubmitButton size="lg">Сохранить пароль</SubmitButton>
    </form>
  );
}
