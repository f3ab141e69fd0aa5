"use client";

import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { initialFormState } from "@/lib/actions/form-state";
import { RECOVERY_CODE_MAX_DIGITS, RECOVERY_CODE_MIN_DIGITS } from "@/lib/validation/limits";
import { verifyRecoveryCode } from "../../actions";

/** Posted by the browser before its script and by React after; a right code goes on to /auth/reset-password. */
export function RecoveryCodeForm({ email }: { email: string }) {
  const [state, formAction] = useSafeActionState(verifyRecoveryCode, initialFormState({ email }));
  useActionToast(state);
  const errors = state.result?.ok === false ? (state.result.fieldErrors ?? {}) : {};
  return (
    <form action={formAction} onReset={keepTyped} className="flex flex-col gap-4" noValidate>
      <FormField id="email" label="E-mail" error={errors.email}>
        <Input name="email" type="email" autoComplete="email" inputMode="email" required defaultValue={state.fields.email} />
      </FormField>
      <FormField id="code" label="Код из письма" error={errors.code}>
        <Input
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern={`[0-9]{${RECOVERY_CODE_MIN_DIGITS},${RECOVERY_CODE_MAX_DIGITS}}`}
          minLength={RECOVERY_CODE_MIN_DIGITS}
          maxLength={RECOVERY_CODE_MAX_DIGITS}
          required
          className="font-mono tracking-[0.4em]"
        />
      </FormField>
      <SubmitButton size="lg">Продолжить</SubmitButton>
    </form>
  );
}
