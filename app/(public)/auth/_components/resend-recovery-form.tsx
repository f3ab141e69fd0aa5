"use client";

import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { initialFormState } from "@/lib/actions/form-state";
import { resendRecoveryEmail } from "../../actions";

/** A new recovery email, right where an old link failed. */
export function ResendRecoveryForm() {
  const [state, formAction] = useSafeActionState(resendRecoveryEmail, initialFormState());
  useActionToast(state, "Письмо отправлено");
  const errors = state.result?.ok === false ? (state.result.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} onReset={keepTyped} className="flex flex-col gap-4" noValidate aria-label="Новое письмо для смены пароля">
      <FormField id="email" label="E-mail" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" inputMode="email" required defaultValue={state.fields.email} />
      </FormField>
      <SubmitButton size="lg">Отправить новое письмо</SubmitButton>
    </form>
  );
}
