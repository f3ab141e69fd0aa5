import "server-only";
import { createHash } from "node:crypto";
import { createServiceClient } from "@/lib/supabase/server";
import { RECOVERY_CODE_LIMIT, type AttemptLimit } from "./attempt-policy";

/**
 * The counters behind `attempt-policy.ts`, in Postgres (`public.auth_attempts`), so every app
 * server counts the same attempts. Keys hold a hash of the e-mail, never the address itself.
 */

export const emailDigest = (email: string) => createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 40);

export type Attempt = { taken: true; attempts: number } | { taken: false; waitSeconds: number };

async function takeAttempt(key: string, limit: AttemptLimit): Promise<Attempt> {
  const { data, error } = await createServiceClient().rpc("take_auth_attempt", {
    _key: key,
    _window_seconds: limit.windowSeconds,
    _free_attempts: limit.freeAttempts,
    _first_delay_seconds: limit.firstDelaySeconds,
  });
  if (error || !data[0]) throw new Error(`take_auth_attempt: ${error?.message ?? "no answer"}`);
  const { wait_seconds, attempts } = data[0];
  return wait_seconds > 0 ? { taken: false, waitSeconds: wait_seconds } : { taken: true, attempts };
}

async function clearAttempts(key: string) {
  const { error } = await createServiceClient().rpc("clear_auth_attempts", { _key: key });
  if (error) throw new Error(`clear_auth_attempts: ${error.message}`);
}

const recoveryCodeKey = (email: string) => `recovery-code:${emailDigest(email)}`;

/** One try of the latest recovery e-mail's code; refused once the code is spent. */
export const takeRecoveryCodeAttempt = (email: string) => takeAttempt(recoveryCodeKey(email), RECOVERY_CODE_LIMIT);
/** A new recovery e-mail carries a new code, with attempts of its own. */
export const resetRecoveryCodeAttempts = (email: string) => clearAttempts(recoveryCodeKey(email));

/**
 * Before a password sign-in goes to Auth: counts it on the account's counter unless the browser is
 * one the account signed in on before, and leaves the pass with which Auth's Password Verification
 * Attempt hook lets it through uncounted a second time (`take_sign_in_attempt`, where the limit
 * lives; a right password then clears the counter, except from a trusted browser).
 */
export async function takeSignInAttempt(email: string, trusted: boolean): Promise<Attempt> {
  const { data, error } = await createServiceClient().rpc("take_sign_in_attempt", { _email: email, _trusted: trusted });
  if (error || !data[0]) throw new Error(`take_sign_in_attempt: ${error?.message ?? "no answer"}`);
  const { wait_seconds, attempts } = data[0];
  return wait_seconds > 0 ? { taken: false, waitSeconds: wait_seconds } : { taken: true, attempts };
}
