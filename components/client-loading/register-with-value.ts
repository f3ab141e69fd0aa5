import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";

/**
 * react-hook-form's `register` plus the field's value as the element's default, so the server's
 * HTML shows the saved value before the form's script has run (react-hook-form itself writes it
 * only when the field registers, after hydration).
 */
export function registerWithValue<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>) {
  const value: unknown = form.getValues(name);
  return { ...form.register(name), defaultValue: typeof value === "string" ? value : undefined };
}
