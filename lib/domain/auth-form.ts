import type { FormState } from "@/lib/actions/form-state";

/** The landing form's modes (docs/product.md §4): sign-in by default, registration, recovery. */
export const AUTH_MODES = ["signIn", "signUp", "recovery"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

export const isAuthMode = (value: unknown): value is AuthMode => AUTH_MODES.includes(value as AuthMode);

/** Whether a switch between modes keeps the e-mail typed: back from recovery, sign-in starts afresh. */
export const switchKeepsEmail = (from: unknown, to: unknown): boolean => !(from === "recovery" && to === "signIn");

/** What the form shows after an answer: its mode, and where a recovery e-mail went. */
export interface AuthAnswer {
  mode: AuthMode;
  recoverySentTo?: string;
}

export type AuthFormState = FormState<AuthAnswer>;

/** The mode an answer leaves the form in: the answer's own, else the mode it was posted in. */
export function answeredMode(state: AuthFormState): AuthMode {
  if (state.result?.ok) return state.result.data.mode;
  return isAuthMode(state.fields.mode) ? state.fields.mode : "signIn";
}
