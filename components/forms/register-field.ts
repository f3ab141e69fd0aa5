import type { FieldPath, FieldValues, PathValue, UseFormReturn } from "react-hook-form";

/** Fields react-hook-form has taken over, so what a person typed before is read once only. */
const taken = new WeakSet<Element>();

/**
 * react-hook-form's `register`, with the field's value as the element's default so the server's
 * HTML shows it. A field someone typed into before the page's script arrived keeps that text:
 * React's hydration leaves an input's value and a select's choice alone, and react-hook-form, which
 * would write its default over them as the field registers, takes what the person left instead.
 */
export function registerField<T extends FieldValues>(form: UseFormReturn<T>, name: FieldPath<T>) {
  const registration = form.register(name);
  const value: unknown = form.getValues(name);
  return {
    ...registration,
    defaultValue: typeof value === "string" ? value : undefined,
    ref: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
      if (element && !taken.has(element)) {
        taken.add(element);
        const typed =
          element instanceof HTMLSelectElement ? [...element.options].some((option) => option.selected !== option.defaultSelected) : element.value !== element.defaultValue;
        if (typed) form.setValue(name, element.value as PathValue<T, FieldPath<T>>, { shouldDirty: true });
      }
      registration.ref(element);
    },
  };
}
