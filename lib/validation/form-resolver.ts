import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { ZodType } from "zod";

/**
 * A react-hook-form resolver for a schema chosen at submit time (one form, several modes).
 * @hookform/resolvers' zodResolver types the form by one schema's input; here the form's fields
 * are a superset of every mode's schema, so the first issue of each field is reported as is.
 */
export function zodFormResolver<TFields extends FieldValues>(schema: ZodType): Resolver<TFields> {
  return async (values) => {
    const parsed = schema.safeParse(values);
    if (parsed.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "root");
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<TFields> };
  };
}
