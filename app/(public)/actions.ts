"use server";

import type { ZodType } from "zod";
import { cookies } from "next/headers";
import { authErrorMessage } from "@/lib/auth-errors";
import { recoveryCodeSpentMessage, signInSlowedMessage, wrongRecoveryCodeMessage } from "@/lib/security/attempt-policy";
import {
  clearSignInAttempts,
  resetRecoveryCodeAttempts,
  takeRecoveryCodeAttempt,
  takeSignInAttempt,
} from "@/lib/security/attempts";
import { isTrustedFor, TRUSTED_BROWSER_COOKIE, trustedBrowserCookie } from "@/lib/security/trusted-browser";
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

const failure = (error: { code?: string; message: string; status?: number }): AuthResult => refusal(authErrorMessage(error));
const refusal = (message: string): AuthResult => ({ ok: false, title: "Ошибка", message });

/** The app's own attempt counters live in the database: when it cannot count, nothing is tried. */
async function withAttemptLimits(run: () => Promise<AuthResult>): Promise<AuthResult> {
  try {
    return await run();
  } catch (error) {
    console.error("auth: attempt limits unavailable", error);
    return failure({ message: "attempt limits unavailable", status: 503 });
  }
}

/**
 * Email links point at the configured site only, never at an address taken from request
 * headers (a forged Host or Origin would otherwise send a victim's link to another site).
 */
const confirmUrl = (next: string) => `${SITE_URL}/auth/confirm?${new URLSearchParams({ next })}`;

/**
 * Password sign-in. Tries count per account from browsers it never signed in on, which wait after
 * five of them (lib/security/attempt-policy.ts); a browser it did sign in on is never slowed.
 */
export async function signIn(input: unknown): Promise<AuthResult> {
  const valid = validate(signInSchema, input);
  if (!valid.ok) return valid.result;
  const { email } = valid.data;
  return withAttemptLimits(async () => {
    const cookieStore = await cookies();
    const trustedCookie = cookieStore.get(TRUSTED_BROWSER_COOKIE)?.value;
    const trusted = isTrustedFor(trustedCookie, email);
    if (!trusted) {
      const attempt = await takeSignInAttempt(email);
      if (!attempt.taken) return refusal(signInSlowedMessage(attempt.waitSeconds));
    }
    const auth = await createAuthClient();
    const { error } = await auth.signInWithPassword(valid.data);
    if (error) return failure(error);
    cookieStore.set(trustedBrowserCookie(trustedCookie, email));
    if (!trusted) await clearSignInAttempts(email);
    return { ok: true };
  });
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
  if (error) return failure(error);
  // The e-mail carries a new code, which gets its own attempts.
  return withAttemptLimits(async () => {
    await resetRecoveryCodeAttempts(valid.data.email);
    return { ok: true };
  });
}

/**
 * The 6-digit code from the recovery email, typed on the site: signs the person in to set a
 * password. Five tries spend the e-mail's code, whatever addresses they come from.
 */
export async function verifyRecoveryCode(input: unknown): Promise<AuthResult> {
  const valid = validate(recoveryCodeSchema, input);
  if (!valid.ok) return valid.result;
  const { email, code } = valid.data;
  return withAttemptLimits(async () => {
    const attempt = await takeRecoveryCodeAttempt(email);
    if (!attempt.taken) return refusal(recoveryCodeSpentMessage);
    const auth = await createAuthClient();
    const { error } = await auth.verifyOtp({ email, token: code, type: "recovery" });
    if (!error) {
      await resetRecoveryCodeAttempts(email);
      return { ok: true };
    }
    return error.code === "otp_expired" ? refusal(wrongRecoveryCodeMessage(attempt.attempts)) : failure(error);
  });
}

export async function updatePassword(input: unknown): Promise<AuthResult> {
  const valid = validate(newPasswordSchema, input);
  if (!valid.ok) return valid.result;
  const auth = await createAuthClient();
  const { error } = await auth.updateUser({ password: valid.data.password });
  return error ? failure(error) : { ok: true };
}
