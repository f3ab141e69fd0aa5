/**
 * The limits the app adds on top of Supabase Auth's per-address ones. Supabase Auth has no limit
 * per code or per account of its own, so a visitor with many addresses could guess a recovery
 * code or a password; these count per e-mail instead, whatever address the attempt comes from.
 * The counting itself is atomic, in Postgres (`take_auth_attempt`). The code limit binds the
 * app's form only (Auth's /verify keeps its per-address limit, against which the code's length
 * and lifetime in config.toml are chosen); the sign-in limit binds Auth's /token too, through
 * its Password Verification Attempt hook.
 */

export interface AttemptLimit {
  windowSeconds: number;
  /** Attempts within the window that go through at once. */
  freeAttempts: number;
  /** The wait after them, doubling with each further attempt, at most the window. */
  firstDelaySeconds: number;
}

/**
 * One recovery e-mail's code may be tried five times; then it is spent until a new e-mail
 * (which resets the count) or until the code itself expires (Supabase Auth's `otp_expiry`).
 */
export const RECOVERY_CODE_LIMIT: AttemptLimit = { windowSeconds: 3600, freeAttempts: 5, firstDelaySeconds: 3600 };

/**
 * Password sign-ins to one account from browsers it has never signed in on: five at once, then
 * 30 s, 1 min, 2 min… up to 15 min between attempts. A browser the account signed in on before
 * is not counted (lib/security/trusted-browser.ts), so an attacker cannot lock a student out.
 * The rule itself is SQL's `count_sign_in_attempt`, which the app and Auth's Password
 * Verification Attempt hook both use (a sign-in straight to Auth waits too); this copy says it
 * here, and tests/backend/auth-attempts.test.ts holds the two equal.
 */
export const SIGN_IN_LIMIT: AttemptLimit = { windowSeconds: 15 * 60, freeAttempts: 5, firstDelaySeconds: 30 };

/** «через 45 с» / «через 4 мин»: a wait as people say it. */
export function waitText(seconds: number): string {
  return seconds < 60 ? `через ${seconds} с` : `через ${Math.ceil(seconds / 60)} мин`;
}

export const recoveryCodeSpentMessage = "Код больше не действует: слишком много неверных попыток. Запросите новое письмо";

/** After a wrong code, the `attempts`-th within the e-mail's limit. */
export function wrongRecoveryCodeMessage(attempts: number): string {
  const left = RECOVERY_CODE_LIMIT.freeAttempts - attempts;
  return left > 0 ? `Код неверный или устарел. Осталось попыток: ${left}` : recoveryCodeSpentMessage;
}

export function signInSlowedMessage(seconds: number): string {
  return `Слишком много неудачных попыток входа в этот аккаунт. Попробуйте ${waitText(seconds)} или восстановите пароль`;
}
