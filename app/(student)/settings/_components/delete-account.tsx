"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { orNoConnection, toastFirstInvalid, toastRefusal } from "@/components/form-toasts";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/client-loading/toast";
import { announceAuthChange } from "@/lib/auth-channel";
import { HookForm } from "@/components/forms/hook-form";
import { registerField } from "@/components/forms/register-field";
import { deleteConfirmationSchema, type DeleteAccountInput } from "@/lib/validation/settings";
import { deleteAccount } from "../actions";

/** «Удалить аккаунт»: a dialog that deletes only once the account's own e-mail is typed (the server checks it again). */
export function DeleteAccount({ email }: { email: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [pending, startTransition] = useTransition();
  const [resolver] = useState(() => zodResolver(deleteConfirmationSchema(email), undefined, { raw: true }));
  const form = useForm<DeleteAccountInput>({ resolver, defaultValues: { email: "" } });

  const remove = (values: DeleteAccountInput) =>
    startTransition(async () => {
      const result = await orNoConnection(deleteAccount(values));
      if (!result.ok) {
        if (result.fieldErrors?.email) form.setError("email", { message: result.fieldErrors.email });
        return void toastRefusal(result);
      }
      announceAuthChange("signed-out");
      toast.success(result.message ?? "Аккаунт удалён", { description: "Ваши данные удалены из школы" });
      router.replace("/");
      router.refresh();
    });

  return (
    <>
      <Button variant="destructive" className="self-start" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden />
        Удалить аккаунт
      </Button>
      <AlertDialog
        open={open}
        onOpenChange={(next) => {
          // Deleting cannot be called off halfway.
          if (pending) return;
          setOpen(next);
          if (!next) form.reset();
        }}
      >
        <AlertDialogContent>
          <HookForm form={form} onValid={remove} onInvalid={toastFirstInvalid(["email"])} className="flex flex-col gap-4">
            <AlertDialogHeader>
              <AlertDialogTitle>Удалить аккаунт навсегда?</AlertDialogTitle>
              <AlertDialogDescription>
                Вернуть аккаунт, прогресс и работы будет нельзя. Чтобы подтвердить, введите e-mail аккаунта: <strong className="break-all">{email}</strong>
              </AlertDialogDescription>
            </AlertDialogHeader>
            <FormField id="delete-account-email" label="E-mail аккаунта" error={form.formState.errors.email?.message}>
              <Input type="email" autoComplete="off" required {...registerField(form, "email")} />
            </FormField>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>Отмена</AlertDialogCancel>
              <SubmitButton variant="destructive" pending={pending}>
                Удалить навсегда
              </SubmitButton>
            </AlertDialogFooter>
          </HookForm>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
