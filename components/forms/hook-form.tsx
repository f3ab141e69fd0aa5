"use client";

import type { ComponentProps, FormEvent } from "react";
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from "react-hook-form";

type HookFormProps<T extends FieldValues> = Omit<ComponentProps<"form">, "action" | "onSubmit" | "onReset"> & {
  form: UseFormReturn<T>;
  onValid: SubmitHandler<T>;
  onInvalid?: SubmitErrorHandler<T>;
};

/** React resets a form after its action; here react-hook-form owns the fields and says what they hold. */
const keepFields = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/**
 * A react-hook-form form whose submit is a React form action: a press or Enter before the page's
 * script has arrived is held by React itself (its server HTML carries a small script that queues
 * such a submit) and made once the form has hydrated, never the browser's own GET of the fields.
 * `noValidate`: the browser's bubbles would speak its own language; the schema's messages are Russian.
 */
export function HookForm<T extends FieldValues>({ form, onValid, onInvalid, ...props }: HookFormProps<T>) {
  return <form {...props} noValidate action={async () => {
        await form.handleSubmit(onValid, onInvalid)();
      }} onReset={keepFields} />;
}
