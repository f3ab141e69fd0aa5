"use server";

import type { ZodType } from "zod";
import { authErrorMessage } from "@/lib/auth-errors";
import { SITE_URL } from "@/lib/site";
import { createAuthClient } from "@/lib/supabase/server";
import {
  firstIssue,
  newPasswordSchema,
  PRIVACY_POLICY_VERSION,
  recoveryCodeSchema,
  recoverySchema,
  signInSchema,
  signUpSchema,
} from "@/lib/validation/auth";

/** What the auth forms show: a toast title and text, and where to go next. */
export type AuthResult =
  | { ok: true; needsConfirmation?: boolean }
  | { ok: false; title: "Ошибка валидации" | "Ошибка"; message: string };

function validate<T>(schema: ZodType<T>, input: unknown): { ok: true; data: T } | { ok: false; result: AuthResult } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, result: { ok: false, title: "Ошибка валидации", message: firstIssue(parsed.error) } };
}

const failure = (error: { code?: string; message: string; status?: number }): AuthResult => ({
  ok: false,
  title: "Ошибка",
  message: authErrorMessage(error),
});

/**
 * Email links point at the configured site only, never at an address taken from request
 * headers (a forged Host or Origin would otherwise send a victim's link to another site).
 */
const confirmUrl = (next: string) => `${SITE_URL}/auth/confirm?${new URLSearchParams({ next })}`;

export async function signIn(input: unknown): Promise<AuthResult> {
  const valid = validate(signInSchema, input);
  if (!valid.ok) return valid.result;
  const auth = await createAuthClient();
  const { error } = await auth.signInWithPassword(valid.data);
  return error ? failure(error) : { ok: true };
}

export async function signUp(input: unknown): Promise<AuthResult> {
  const valid = validate(signUpSchema, input);
  if (!valid.ok) return valid.result;
  const { email, password, fullName } = valid.data;
  const auth = await createAuthClient();
  const { data, error } = await auth.signUp({
    email,
    password,
    options: {
      // The sign-up trigger stores the consent with the database's time (privacy_consents).
      data: { full_name: fullName, privacy_policy_version: PRIVACY_POLICY_VERSION },
      emailRedirectTo: confirmUrl("/dashboard"),
    },
  });
  if (error) return failure(error);
  // A hosted project that requires email confirmation answers without a session.
  return { ok: true, needsConfirmation: !data.session };
}

export async function requestPasswordReset(input: unknown): Promise<AuthResult> {
  const valid = validate(recoverySchema, input);
  if (!valid.ok) return valid.result;
  const auth = await createAuthClient();
  const { error } = await auth.resetPasswordForEmail(valid.data.email, {
    redirectTo: confirmUrl("/auth/reset-password"),
  });
  return error ? failure(error) : { ok: true };
}

/** The 6-digit code from the recovery email, typed on the site: signs the person in to set a password. */
export async function verifyRecoveryCode(input: unknown): Promise<AuthResult> {
  const valid = validate(recoveryCodeSchema, input);
  if (!valid.ok) return valid.result;
  const auth = await createAuthClient();
  const { error } = await auth.verifyOtp({ email: valid.data.email, token: valid.data.code, type: "recovery" });
  return error ? failure(error) : { ok: true };
}

export async function updatePassword(input: unknown): Promise<AuthResult> {
  const valid = validate(newPasswordSchema, input);
  if (!valid.ok) return valid.result;
  const auth = await createAuthClient();
  const { error } = await auth.updateUser({ password: valid.data.password });
  return error ? failure(error) : { ok: true };
}
