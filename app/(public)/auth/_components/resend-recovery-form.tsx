"use client";

import { useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "@/components/client-loading/toast";
import { toastFirstInvalid, toastRefusal } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { RecoveryInput } from "@/lib/validation/auth";
import { lazyZodResolver } from "@/components/client-loading/lazy-zod-resolver";
import { requestPasswordReset } from "../../actions";

const resolver = lazyZodResolver<RecoveryInput>(() => import("@/lib/validation/auth").then((schemas) => schemas.recoverySchema));

/** A new recovery email, right where an old link failed. */
export function ResendRecoveryForm() {
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState } = useForm<RecoveryInput>({
    resolver,
    defaultValues: { email: "" },
  });

  const onValid = (values: RecoveryInput) =>
    startTransition(async () => {
      const result = await requestPasswordReset(values);
      if (!result.ok) {
        toastRefusal(result);
        return;
      }
      toast.success("Письмо отправлено", { description: "Проверьте свою почту для восстановления пароля" });
    });

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label="Новое письмо для смены пароля"
      onSubmit={handleSubmit(onValid, toastFirstInvalid(["email"]))}
    >
      <FormField id="email" label="Email" error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" required {...register("email")} />
      </FormField>
      <SubmitButton size="lg" pending={pending}>
        Отправить новое письмо
      </SubmitButton>
    </form>
  );
}
