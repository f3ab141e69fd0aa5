"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toastFirstInvalid, toastRefusal } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { RecoveryCodeInput } from "@/lib/validation/auth";
import { registerWithValue } from "@/components/client-loading/register-with-value";
import { lazyZodResolver } from "@/components/client-loading/lazy-zod-resolver";
import { RECOVERY_CODE_MAX_DIGITS, RECOVERY_CODE_MIN_DIGITS } from "@/lib/validation/limits";
import { verifyRecoveryCode } from "../../actions";

const resolver = lazyZodResolver<RecoveryCodeInput>(() => import("@/lib/validation/auth").then((schemas) => schemas.recoveryCodeSchema));

export function RecoveryCodeForm({ email }: { email: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<RecoveryCodeInput>({
    resolver,
    defaultValues: { email, code: "" },
  });
  const { register, handleSubmit, formState } = form;
  const { errors } = formState;

  const onValid = (values: RecoveryCodeInput) =>
    startTransition(async () => {
      const result = await verifyRecoveryCode(values);
      if (!result.ok) {
        toastRefusal(result);
        return;
      }
      router.replace("/auth/reset-password");
    });

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={handleSubmit(onValid, toastFirstInvalid(["email", "code"]))}
    >
      <FormField id="email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" required {...registerWithValue(form, "email")} />
      </FormField>
      <FormField id="code" label="Код из письма" error={errors.code?.message}>
        <Input
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern={`[0-9]{${RECOVERY_CODE_MIN_DIGITS},${RECOVERY_CODE_MAX_DIGITS}}`}
          minLength={RECOVERY_CODE_MIN_DIGITS}
          maxLength={RECOVERY_CODE_MAX_DIGITS}
          required
          className="font-mono tracking-[0.4em]"
          {...register("code")}
        />
      </FormField>
      <SubmitButton size="lg" pending={pending}>
        Продолжить
      </SubmitButton>
    </form>
  );
}
