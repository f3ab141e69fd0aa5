"use client";

import { useRef } from "react";
import { Trash2 } from "lucide-react";
import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { Button, buttonVariants } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { initialFormState } from "@/lib/actions/form-state";
import { cn } from "@/lib/utils";
import { deleteAccount } from "../actions";

/**
 * «Удалить аккаунт»: a disclosure holding a plain form that deletes only once the account's own
 * e-mail is typed (the server compares it). Posted by the browser before the page's script or by
 * React after, it leads home, which says the account is gone and tells the other tabs.
 */
export function DeleteAccount({ email }: { email: string }) {
  const [state, formAction, pending] = useSafeActionState(deleteAccount, initialFormState());
  useActionToast(state);
  const error = state.result?.ok === false ? state.result.fieldErrors?.email : undefined;
  const field = useRef<HTMLInputElement>(null);

  return (
    // Open again with a refusal: the page the browser's post comes back to shows it by the field.
    <details className="self-stretch" open={state.result?.ok === false || undefined}>
      <summary className={cn(buttonVariants({ variant: "destructive" }), "w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden")}>
        <Trash2 aria-hidden />
        Удалить аккаунт
      </summary>
      <form action={formAction} onReset={keepTyped} noValidate className="mt-4 flex flex-col gap-4 rounded-lg border border-destructive/40 p-4">
        <div className="flex flex-col gap-2">
          <h3 className="text-lg font-semibold">Удалить аккаунт навсегда?</h3>
          <p className="text-sm text-muted-foreground">
            Вернуть аккаунт, прогресс и работы будет нельзя. Чтобы подтвердить, введите e-mail аккаунта: <strong className="break-all">{email}</strong>
          </p>
        </div>
        <FormField id="delete-account-email" label="E-mail аккаунта" error={error}>
          <Input ref={field} name="email" type="email" autoComplete="off" required defaultValue={state.fields.email} />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {/* Before the script the browser's reset empties the field; after, keepTyped refuses every reset (React's after an
              answer too), so the press empties it and folds the form away. Deleting cannot be called off halfway. */}
          <Button
            type="reset"
            variant="outline"
            disabled={pending}
            onClick={(event) => {
              if (field.current) field.current.value = "";
              event.currentTarget.closest("details")?.removeAttribute("open");
            }}
          >
            Отмена
          </Button>
          <SubmitButton variant="destructive" pending={pending}>
            Удалить навсегда
          </SubmitButton>
        </div>
      </form>
    </details>
  );
}
