"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { defineStateAction, fail, ok, type ActionResult } from "@/lib/actions";
import { authErrorMessage } from "@/lib/auth-errors";
import { arrivalPath } from "@/lib/domain/arrival";
import { AUTH_MODES, switchKeepsEmail, type AuthAnswer, type AuthFormState } from "@/lib/domain/auth-form";
import { confirmUrl, safeNextPath } from "@/lib/domain/paths";
import { sendEmailProof } from "@/lib/notifications/email-proof";
import { recoveryCodeSpentMessage, signInSlowedMessage, wrongRecoveryCodeMessage } from "@/lib/security/attempt-policy";
import { resetRecoveryCodeAttempts, takeRecoveryCodeAttempt, takeSignInAttempt } from "@/lib/security/attempts";
import { isTrustedFor, TRUSTED_BROWSER_COOKIE, trustedBrowserCookie } from "@/lib/security/trusted-browser";
import { SITE_URL } from "@/lib/site";
import { createAuthClient } from "@/lib/supabase/server";
import { z } from "@/lib/validation/zod";
import {
  newPasswordSchema,
  PRIVACY_POLICY_VERSION,
  recoveryCodeSchema,
  recoverySchema,
  signInSchema,
  signUpSchema,
  type RecoveryInput,
  type SignInInput,
  type SignUpInput,
} from "@/lib/validation/auth";

/**
 * The auth forms' actions, for anyone: each is a form's `useActionState` action, posted by the
 * browser before the form's script and by React after. A schema's refusal comes with field errors
 * (the form's toast «Ошибка валидации»); Supabase Auth's and the attempt limits' come without
 * («Ошибка»). Success ends in a redirect, which says its toast on arrival (lib/domain/arrival.ts).
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

const signIn = async (data: SignInInput & { next?: string }): Promise<ActionResult<AuthAnswer>> => {
  const result = await passwordSignIn(data);
  if (!result.ok) return result;
  redirect(arrivalPath("signed-in", safeNextPath(data.next)));
};

/** Answers with the mode the form shows next: sign-in, once the person must confirm the address first. */
const signUp = async ({ email, password, fullName, next }: SignUpInput & { next?: string }): Promise<ActionResult<AuthAnswer>> => {
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
  // A hosted project that requires confirmation answers without a session.
  if (!data.session || !data.user) return ok({ mode: "signIn" }, "Подтвердите email: мы отправили письмо со ссылкой на вашу почту");
  // Auth confirms the sign-up at once and proves nothing: the school mails its own link, and
  // what depends on the address waits for it (migration …1400). A letter that fails is resent from /settings.
  await sendEmailProof(data.user.id, email);
  redirect(arrivalPath("signed-up", safeNextPath(next)));
};

const requestPasswordReset = async ({ email }: RecoveryInput): Promise<ActionResult<AuthAnswer>> => {
  const auth = await createAuthClient();
  const { error } = await auth.resetPasswordForEmail(email, { redirectTo: confirmUrlTo("/auth/reset-password") });
  if (error) return authFailure(error);
  // The e-mail carries a new code, which gets its own attempts.
  return withAttemptLimits(async () => {
    await resetRecoveryCodeAttempts(email);
    return ok({ mode: "signIn" as const, recoverySentTo: email }, "Проверьте свою почту для восстановления пароля");
  });
};

/** Where a form embedded in another page (a course's checkout) continues after signing in or up: kept on the site by safeNextPath. */
const nextPath = z.string().max(300).optional();

const authFormSchema = z.discriminatedUnion("mode", [
  signInSchema.extend({ mode: z.literal("signIn"), next: nextPath }),
  signUpSchema.extend({ mode: z.literal("signUp"), next: nextPath }),
  recoverySchema.extend({ mode: z.literal("recovery") }),
]);

const submitAuthMode = defineStateAction({ role: "anyone", schema: authFormSchema, shown: ["mode", "fullName", "email", "next"] }, async ({ data }) => {
  if (data.mode === "signIn") return signIn(data);
  if (data.mode === "signUp") return signUp(data);
  return requestPasswordReset(data);
});

/**
 * A mode switch pressed before the form's script (a submit button of the form, named `switchTo`):
 * the new mode, with the e-mail typed shown again, never the password. A switch from sign-up goes
 * to sign-in, which has no name field. After the script, the switches change modes in place.
 */
const switchAuthMode = defineStateAction({ role: "anyone", schema: z.object({ switchTo: z.enum(AUTH_MODES) }), shown: ["email"] }, async ({ data }) =>
  ok({ mode: data.switchTo }),
);

/** The landing's form (sign-in, registration, recovery), as the browser posts it before the form's script arrives and as React posts it after. */
export async function submitAuthForm(previous: AuthFormState, formData: FormData): Promise<AuthFormState> {
  if (!(formData instanceof FormData) || !formData.has("switchTo")) return submitAuthMode(previous, formData);
  // What the switch keeps in place, it keeps here.
  if (!switchKeepsEmail(formData.get("mode"), formData.get("switchTo"))) formData.delete("email");
  return switchAuthMode(previous, formData);
}

/** A new recovery e-mail, from the page where an old link failed. */
export const resendRecoveryEmail = defineStateAction({ role: "anyone", schema: recoverySchema, shown: ["email"] }, async ({ data }) =>
  requestPasswordReset(data),
);

/**
 * The code from the recovery email (6 to 10 digits), typed on the site: signs the person in to set a
 * password. Five tries spend the e-mail's code, whatever addresses they come from.
 */
export const verifyRecoveryCode = defineStateAction({ role: "anyone", schema: recoveryCodeSchema, shown: ["email"] }, async ({ data: { email, code } }) => {
  const result = await withAttemptLimits(async () => {
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
  });
  // Outside the attempt limits, which answer anything thrown in them as their own failure.
  if (!result.ok) return result;
  redirect("/auth/reset-password");
});

/** Supabase Auth checks the session (the recovery link's or the code's) itself. */
export const updatePassword = defineStateAction({ role: "anyone", schema: newPasswordSchema, shown: [] }, async ({ data }) => {
  const auth = await createAuthClient();
  const { error } = await auth.updateUser({ password: data.password });
  if (error) return authFailure(error);
  // The recovery link or code has signed them in: the new password is for next time.
  redirect(arrivalPath("new-password"));
});
