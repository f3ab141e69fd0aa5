import { describe, expect, it } from "vitest";
import { checkCronSecret } from "./cron";
import { healthSettings } from "./settings";

const check = (env: Record<string, string>, { local = false, workerRuns = false } = {}) =>
  checkCronSecret(healthSettings({ NEXT_PUBLIC_SUPABASE_URL: "https://abcdefghijklmnopqrst.supabase.co", ...env }, local), workerRuns);

describe("checkCronSecret", () => {
  it.each<[string, Record<string, string>, { local?: boolean; workerRuns?: boolean }, "ok" | "fail", string]>([
    ["a long secret", { CRON_SECRET: "0123456789abcdef0123" }, {}, "ok", "CRON_SECRET задан"],
    ["a short secret, whatever runs the worker", { CRON_SECRET: "letmein" }, { workerRuns: true }, "fail", "CRON_SECRET короче 16 символов"],
    ["no secret and no worker running", {}, {}, "fail", "CRON_SECRET не задан: /api/cron/notifications отвечает 404"],
    ["a blank secret and no worker running", { CRON_SECRET: "   " }, {}, "fail", "CRON_SECRET не задан"],
    ["no secret beside a running worker process", {}, { workerRuns: true }, "ok", "уведомления рассылает работник без планировщика"],
    ["no secret on the local school", {}, { local: true }, "ok", "локальная школа"],
  ])("%s", (_, env, options, status, detail) => {
    const result = check(env, options);
    expect(result.status).toBe(status);
    expect(result.detail).toContain(detail);
  });
});
