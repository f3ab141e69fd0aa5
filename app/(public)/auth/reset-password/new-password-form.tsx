"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "@/components/client-loading/toast";
import { toastFirstInvalid, toastRefusal } from "@/components/form-toasts";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import type { NewPasswordInput } from "@/lib/validation/auth";
import { PASSWORD_NATIVE_MIN } from "@/lib/validation/limits";
import { lazyZodResolver } from "@/components/client-loading/lazy-zod-resolver";
import { updatePassword } from "../../actions";

const resolver = lazyZodResolver<NewPasswordInput>(() => import("@/lib/validation/auth").then((schemas) => schemas.newPasswordSchema));

export function NewPasswordForm() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const { register, handleSubmit, formState } = useForm<NewPasswordInput>({
    resolver,
    defaultValues: { password: "", confirmation: "" },
  });
  const { errors } = formState;

  const onValid = (values: NewPasswordInput) =>
    startTransition(async () => {
      const result = await updatePassword(values);
      if (!result.ok) {
        toastRefusal(result);
        return;
      }
      // The recovery link or code has signed them in: the new password is for next time.
      toast.success("Пароль обновлён", { description: "Вы уже вошли. В следующий раз входите с новым паролем" });
      router.replace("/dashboard");
    });

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={handleSubmit(onValid, toastFirstInvalid(["password", "confirmation"]))}
    >
      <FormField id="password" label="Новый пароль" error={errors.password?.message}>
        <Input type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} {...register("password")} />
      </FormField>
      <FormField id="confirmation" label="Повторите пароль" error={errors.confirmation?.message}>
        <Input type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} {...register("confirmation")} />
      </FormField>
      <SubmitButton size="lg" pending={pending}>
        Сохранить пароль
      </SubmitButton>
    </form>
  );
}
