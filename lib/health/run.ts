import { checkAuthUrls, checkOtpLength, checkSignupHook } from "./auth";
import { clientWith, describeError, type HealthClient } from "./clients";
import { checkCronSecret } from "./cron";
import { checkAppSmtp, checkAuthSmtp } from "./email";
import { checkGrants, type GrantExpectation } from "./grants";
import { checkKeys } from "./keys";
import { checkTelegram } from "./telegram";
import { checkWorker } from "./worker";
import { fail, skipped, type HealthCheckId, type HealthResult, type HealthSettings } from "./types";

/**
 * The checks, run together: `npm run doctor` runs all of them, the admin's «Состояние школы»
 * those that read the running school without changing it (no throwaway accounts, no sign-ups).
 * The keys go first: with a broken key every other answer would be about the key.
 */

/** A check may take this long in all (a sign-up and a clean-up are several calls). */
const CHECK_LIMIT_MS = 30_000;

/** A check that throws or hangs is a failed check, never a crashed or stuck run. */
async function guarded(id: HealthCheckId, check: () => Promise<HealthResult> | HealthResult): Promise<HealthResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<HealthResult>((resolve) => {
    timer = setTimeout(() => resolve(fail(id, `нет ответа за ${CHECK_LIMIT_MS / 1000} с`)), CHECK_LIMIT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), limit]);
  } catch (thrown) {
    return fail(id, `проверка не завершилась: ${describeError(thrown)}`);
  } finally {
    clearTimeout(timer);
  }
}

const needsSecret = (id: HealthCheckId) => skipped(id, "нужен рабочий SUPABASE_SECRET_KEY (см. выше)");
const needsKeys = (id: HealthCheckId) => skipped(id, "нужны рабочие ключи (см. выше)");

export async function runDoctor(settings: HealthSettings, expectedGrants: GrantExpectation): Promise<HealthResult[]> {
  const keys = await checkKeys(settings);
  const service = keys.secretWorks ? clientWith(settings, settings.secretKey!) : null;
  const publishable = keys.publishableWorks ? clientWith(settings, settings.publishableKey!) : null;
  const worker = service ? workerCheck(settings, service) : Promise.resolve(needsSecret("worker"));
  const checks = await Promise.all([
    service ? guarded("grants", () => checkGrants(service, expectedGrants)) : needsSecret("grants"),
    service && publishable ? guarded("signup-hook", () => checkSignupHook(publishable, service)) : needsKeys("signup-hook"),
    service ? guarded("otp-length", () => checkOtpLength(service)) : needsSecret("otp-length"),
    publishable ? guarded("auth-urls", () => checkAuthUrls(settings)) : needsKeys("auth-urls"),
    guarded("app-smtp", () => checkAppSmtp(settings)),
    guarded("auth-smtp", () => checkAuthSmtp(settings)),
    worker,
    guarded("telegram", () => checkTelegram(settings)),
    cronCheck(settings, worker),
  ]);
  return [...keys.results, ...checks];
}

const workerCheck = (settings: HealthSettings, service: HealthClient) => guarded("worker", () => checkWorker(service, settings.staleMinutes));

/** Without CRON_SECRET the cron route is off, which is right only where the worker runs without it. */
const cronCheck = async (settings: HealthSettings, worker: Promise<HealthResult>) =>
  checkCronSecret(settings, (await worker).status === "ok");

/**
 * What the admin page shows: grants and the worker read with the admin's own session (the database
 * answers both for admins: api_privileges, notification_health), the rest from the app's settings.
 */
export async function runRuntimeChecks(settings: HealthSettings, admin: HealthClient, expectedGrants: GrantExpectation): Promise<HealthResult[]> {
  const worker = workerCheck(settings, admin);
  return Promise.all([
    guarded("grants", () => checkGrants(admin, expectedGrants)),
    worker,
    guarded("app-smtp", () => checkAppSmtp(settings)),
    guarded("telegram", () => checkTelegram(settings)),
    cronCheck(settings, worker),
  ]);
}

export const hasFailures = (results: HealthResult[]) => results.some((result) => result.status === "fail");
