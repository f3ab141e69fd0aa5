"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { defineAction, defineFormAction, fail, ok, type ActionResult } from "@/lib/actions";
import { authErrorMessage } from "@/lib/auth-errors";
import { confirmUrl, SIGN_IN_FAILED_PATH } from "@/lib/domain/paths";
import { sendEmailProof } from "@/lib/notifications/email-proof";
import { recoveryCodeSpentMessage, signInSlowedMessage, wrongRecoveryCodeMessage } from "@/lib/security/attempt-policy";
import { resetRecoveryCodeAttempts, takeRecoveryCodeAttempt, takeSignInAttempt } from "@/lib/security/attempts";
import { isTrustedFor, TRUSTED_BROWSER_COOKIE, trustedBrowserCookie } from "@/lib/security/trusted-browser";
import { SITE_URL } from "@/lib/site";
import { createAuthClient } from "@/lib/supabase/server";
import {
  newPasswordSchema,
  PRIVACY_POLICY_VERSION,
  recoveryCodeSchema,
  recoverySchema,
  signInSchema,
  signUpSchema,
  type SignInInput,
} from "@/lib/validation/auth";

/**
 * The auth forms' actions, for anyone. A schema's refusal comes with field errors (the form's
 * toast «Ошибка валидации»); Supabase Auth's and the attempt limits' come without («Ошибка»).
 */

const authFailure = (error: { code?: string; message: string; status?: number }) => fail(authErrorMessage(error));

/** The app's own attempt counters live in the database: when it cannot count, nothing is tried. */
async function withAttemptLimits<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  try {
    return await run();
  } catch (error) {
    console.error("auth: attempt limits unavailable", error);
    return authFailure({ message: "attempt limits unavailable", status: 503 });
  }
}

/**
 * Email links point at the configured site only, never at an address taken from request
 * headers (a forged Host or Origin would otherwise send a victim's link to another site).
 */
const confirmUrlTo = (next: string) => confirmUrl(SITE_URL, next);

/**
 * Password sign-in. Tries count per account from browsers it never signed in on, which wait after
 * five of them (lib/security/attempt-policy.ts); a browser it did sign in on is never slowed. The
 * attempt taken here carries a pass to Auth's Password Verification Attempt hook, which counts
 * every sign-in without one and clears the counter after a right password.
 */
const passwordSignIn = (data: SignInInput): Promise<ActionResult> =>
  withAttemptLimits(async () => {
    const { email } = data;
    const cookieStore = await cookies();
    const trustedCookie = cookieStore.get(TRUSTED_BROWSER_COOKIE)?.value;
    const attempt = await takeSignInAttempt(email, isTrustedFor(trustedCookie, email));
    if (!attempt.taken) return fail(signInSlowedMessage(attempt.waitSeconds));
    const auth = await createAuthClient();
    const { error } = await auth.signInWithPassword(data);
    if (error) return authFailure(error);
    cookieStore.set(trustedBrowserCookie(trustedCookie, email));
    return ok();
  });

export const signIn = defineAction({ role: "anyone", schema: signInSchema }, async ({ data }) => passwordSignIn(data));

/**
 * The same sign-in as the sign-in form posts it before its script has arrived (a press or Enter in
 * the page's first moments, or a browser without JavaScript): the browser's own POST, answered
 * with a redirect. A failure says only that it failed; the form's script, once there, says why.
 */
export const signInWithoutScript = defineFormAction({ role: "anyone", schema: signInSchema, refused: SIGN_IN_FAILED_PATH }, async ({ data }) => {
  const result = await passwordSignIn(data);
  redirect(result.ok ? "/dashboard" : SIGN_IN_FAILED_PATH);
});

/** Answers whether the person must confirm the address first (a hosted project that requires it answers without a session). */
export const signUp = defineAction({ role: "anyone", schema: signUpSchema }, async ({ data: { email, password, fullName } }) => {
  const auth = await createAuthClient();
  const { data, error } = await auth.signUp({
    email,
    password,
    options: {
      // The sign-up trigger stores the consent with the database's time (privacy_consents).
      data: { full_name: fullName, privacy_policy_version: PRIVACY_POLICY_VERSION },
      emailRedirectTo: confirmUrlTo("/dashboard"),
    },
  });
  if (error) return authFailure(error);
  // Auth confirms the sign-up at once and proves nothing: the school mails its own link, and
  // what depends on the address waits for it (migration …1400). A letter that fails is resent from /settings.
  if (data.session && data.user) await sendEmailProof(data.user.id, email);
  return ok({ needsConfirmation: !data.session });
});

export const requestPasswordReset = defineAction({ role: "anyone", schema: recoverySchema }, async ({ data }) => {
  const auth = await createAuthClient();
  const { error } = await auth.resetPasswordForEmail(data.email, { redirectTo: confirmUrlTo("/auth/reset-password") });
  if (error) return authFailure(error);
  // The e-mail carries a new code, which gets its own attempts.
  return withAttemptLimits(async () => {
    await resetRecoveryCodeAttempts(data.email);
    return ok();
  });
});

/**
 * The code from the recovery email (6 to 10 digits), typed on the site: signs the person in to set a
 * password. Five tries spend the e-mail's code, whatever addresses they come from.
 */
export const verifyRecoveryCode = defineAction({ role: "anyone", schema: recoveryCodeSchema }, async ({ data: { email, code } }) =>
  withAttemptLimits(async () => {
    const attempt = await takeRecoveryCodeAttempt(email);
    if (!attempt.taken) return fail(recoveryCodeSpentMessage);
    const auth = await createAuthClient();
    const { error } = await auth.verifyOtp({ email, token: code, type: "recovery" });
    if (!error) {
      // The code worked: its counter is spent with it, so a failure to reset it must not undo the sign-in.
      await resetRecoveryCodeAttempts(email).catch((failure) => console.error("auth: recovery attempts not reset", failure));
      // Whoever else was signed in is signed out now; the new password then unlinks Telegram (migration …1200).
      const { error: signOutError } = await auth.signOut({ scope: "others" });
      if (signOutError) console.error("auth: other sessions not ended after recovery", signOutError.message);
      return ok();
    }
    return error.code === "otp_expired" ? fail(wrongRecoveryCodeMessage(attempt.attempts)) : authFailure(error);
  }),
);

/** Supabase Auth checks the session (the recovery link's or the code's) itself. */
export const updatePassword = defineAction({ role: "anyone", schema: newPasswordSchema }, async ({ data }) => {
  const auth = await createAuthClient();
  const { error } = await auth.updateUser({ password: data.password });
  return error ? authFailure(error) : ok();
});
