import { fail, ok, type HealthResult, type HealthSettings } from "./types";

/**
 * (i) CRON_SECRET: without it /api/cron/notifications answers 404, so a platform's cron (Supabase
 * Cron, Vercel Cron) cannot run the notification worker; a short one can be guessed. A school
 * whose worker runs as its own process (`npm run worker` on a VPS) may leave it unset
 * (docs/deployment-cron.md): the worker's own check says whether notifications go out.
 */

const MIN_LENGTH = 16;

/** `workerRuns`: whether the worker check found a recent round and nothing overdue. */
export function checkCronSecret(settings: HealthSettings, workerRuns: boolean): HealthResult {
  const secret = settings.cronSecret;
  if (secret && secret.length < MIN_LENGTH) {
    return fail("cron-secret", `CRON_SECRET короче ${MIN_LENGTH} символов, его можно подобрать: задайте новый (openssl rand -hex 32)`);
  }
  if (secret) return ok("cron-secret", "CRON_SECRET задан: /api/cron/notifications запускает рассылку только по нему");
  if (settings.local) return ok("cron-secret", "локальная школа: уведомления рассылает сам npm run dev, планировщик не нужен");
  if (workerRuns) {
    return ok(
      "cron-secret",
      "CRON_SECRET не задан, /api/cron/notifications выключен: уведомления рассылает работник без планировщика (npm run worker). Для Supabase Cron или Vercel Cron задайте его: openssl rand -hex 32",
    );
  }
  return fail(
    "cron-secret",
    "CRON_SECRET не задан: /api/cron/notifications отвечает 404, и планировщик (Supabase Cron, Vercel Cron) не запустит рассылку уведомлений. Задайте его (openssl rand -hex 32) или запустите npm run worker",
  );
}
