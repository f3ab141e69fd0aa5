import type { ActionResult } from "./result";

/**
 * What a form posted to a server action shows next (`useActionState`): the last answer, the fields
 * to show again, and a count of answers, so the form says each one once. The same state comes
 * back whether the browser posted the form itself (before its script, or without one) or React
 * did: the page then renders the answer in its HTML.
 */
export interface FormState<T = undefined> {
  /** Null before the first post. */
  result: ActionResult<T> | null;
  /** The posted text fields to show again: never a password or a code. */
  fields: Record<string, string>;
  answered: number;
}

export const initialFormState = <T = undefined>(fields: Record<string, string> = {}): FormState<T> => ({ result: null, fields, answered: 0 });
