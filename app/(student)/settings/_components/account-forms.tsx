"use client";

import { useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { orNoConnection, toastFirstInvalid, toastRefusal } from "@/components/form-toasts";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/client-loading/toast";
import type { ActionResult } from "@/lib/actions/result";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { PASSWORD_NATIVE_MIN } from "@/lib/validation/limits";
import { emailChangeSchema, nameSchema, passwordChangeSchema, type EmailChangeInput, type NameInput, type PasswordChangeInput } from "@/lib/validation/settings";
import { changeEmail, changeName, changePassword } from "../actions";

// `raw`: the values go to the action as typed; the action parses them again.
const nameResolver = zodResolver(nameSchema, undefined, { raw: true });
const emailResolver = zodResolver(emailChangeSchema, undefined, { raw: true });
const passwordResolver = zodResolver(passwordChangeSchema, undefined, { raw: true });

/** A refusal, on the form's fields and in a toast; true when the action succeeded. */
function succeeded<T extends FieldValues, R>(form: UseFormReturn<T>, result: ActionResult<R>): result is ActionResult<R> & { ok: true } {
  if (result.ok) return true;
  for (const [field, message] of Object.entries(result.fieldErrors ?? {})) {
    if (field in form.getValues()) form.setError(field as Path<T>, { message });
  }
  toastRefusal(result);
  return false;
}

export function NameForm({ fullName }: { fullName: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<NameInput>({ resolver: nameResolver, defaultValues: { fullName } });
  const save = (values: NameInput) =>
    startTransition(async () => {
      const result = await orNoConnection(changeName(values));
      if (!succeeded(form, result)) return;
      toast.success(result.message ?? "Имя сохранено");
      form.reset(values);
      router.refresh();
    });
  return (
    <HookForm form={form} onValid={save} onInvalid={toastFirstInvalid(["fullName"])} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField id="settings-full-name" label="Имя" error={form.formState.errors.fullName?.message}>
          <Input autoComplete="name" required {...registerField(form, "fullName")} />
        </FormField>
      </div>
      <SubmitButton pending={pending}>Сохранить имя</SubmitButton>
    </HookForm>
  );
}

export function EmailForm() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const form = useForm<EmailChangeInput>({ resolver: emailResolver, defaultValues: { email: "" } });
  const save = (values: EmailChangeInput) =>
    startTransition(async () => {
      const result = await orNoConnection(changeEmail(values));
      if (!succeeded(form, result)) return;
      if (result.data.pending) toast.success("Письма отправлены", { description: result.message });
      else toast.success(result.message ?? "Адрес e-mail изменён");
      form.reset({ email: "" });
      router.refresh();
    });
  return (
    <HookForm form={form} onValid={save} onInvalid={toastFirstInvalid(["email"])} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField id="settings-new-email" label="Новый e-mail" error={form.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" required {...registerField(form, "email")} />
        </FormField>
      </div>
      <SubmitButton pending={pending}>Сменить e-mail</SubmitButton>
    </HookForm>
  );
}

export function PasswordForm({ email }: { email: string }) {
  const [pending, startTransition] = useTransition();
  const form = useForm<PasswordChangeInput>({ resolver: passwordResolver, defaultValues: { password: "", confirmation: "" } });
  const { errors } = form.formState;
  const save = (values: PasswordChangeInput) =>
    startTransition(async () => {
      const result = await orNoConnection(changePassword(values));
      if (!succeeded(form, result)) return;
      toast.success(result.message ?? "Пароль изменён");
      form.reset();
    });
  return (
    <HookForm form={form} onValid={save} onInvalid={toastFirstInvalid(["password", "confirmation"])} className="flex flex-col gap-4">
      {/* Lets a password manager save the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} hidden readOnly />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="settings-new-password" label="Новый пароль" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} {...registerField(form, "password")} />
        </FormField>
        <FormField id="settings-password-confirmation" label="Повторите пароль" error={errors.confirmation?.message}>
          <Input type="password" autoComplete="new-password" required minLength={PASSWORD_NATIVE_MIN} {...registerField(form, "confirmation")} />
        </FormField>
      </div>
      <SubmitButton className="self-start" pending={pending}>
        Сменить пароль
      </SubmitButton>
    </HookForm>
  );
}
