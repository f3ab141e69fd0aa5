import { createServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAuthUrls, checkOtpLength, checkSignupHook } from "@/lib/health/auth";
import { clientWith } from "@/lib/health/clients";
import { checkAppSmtp, checkAuthSmtp } from "@/lib/health/email";
import { EXPECTED_GRANTS } from "@/lib/health/expected-grants";
import { checkGrants } from "@/lib/health/grants";
import { hasFailures, runDoctor, runRuntimeChecks } from "@/lib/health/run";
import { healthSettings } from "@/lib/health/settings";
import { checkTelegram } from "@/lib/health/telegram";
import type { HealthResult, HealthSettings } from "@/lib/health/types";
import { checkWorker } from "@/lib/health/worker";
import { deliverAllDue } from "@/lib/notifications/deliver";
import { recoveryCodeSchema } from "@/lib/validation/auth";
import { loadConfig } from "@/local-backend/config";
import type { LocalBackend } from "@/local-backend/server";
import { startLocalBackend } from "@/local-backend/server";
import { PUBLISHABLE_KEY, SECRET_KEY, SEEDED, serviceClient, signedIn, startTestBackend } from "@/local-backend/tests/harness";
import { appEnvFor, runProjectScript } from "@/tests/support/project-scripts";
import { startFakeBotApi } from "@/tests/support/telegram-bot-api";

/**
 * `npm run doctor` against the local backend: a correct setup passes, and each setting broken the
 * way an owner breaks it (a wrong key, a revoked grant, the consent hook off, a stalled worker, a
 * site the redirect list does not know) is named, with a non-zero exit.
 */

const NO_SENDERS = { email: null, telegram: null };

let backend: LocalBackend;
let service: ReturnType<typeof serviceClient>;

const settingsFor = (target: LocalBackend, overrides: Record<string, string> = {}): HealthSettings => healthSettings(appEnvFor(target, overrides));
const runDoctorScript = (env: Record<string, string>) => runProjectScript("scripts/doctor.ts", [], env);

/** A free port whose neighbour + 4 is free too: the local backend puts its SMTP catcher there. */
async function freePortWithSmtpBeside(): Promise<number> {
  const listen = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = createTcpServer();
      server.once("error", () => resolve(null));
      server.listen(port, "127.0.0.1", () => {
        const taken = (server.address() as AddressInfo).port;
        server.close(() => resolve(taken));
      });
    });
  for (;;) {
    const port = await listen(0);
    if (port && port + 4 < 65536 && (await listen(port + 4))) return port;
  }
}

const byId = (results: HealthResult[], id: HealthResult["id"]) => results.find((result) => result.id === id)!;
const failed = (results: HealthResult[]) => results.filter((result) => result.status === "fail").map((result) => result.id);

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
  // A running worker: its round stamps the scan and sends (here: skips) what the seed planned.
  await deliverAllDue(service, NO_SENDERS);
});
afterAll(async () => backend?.close());

describe("npm run doctor", () => {
  it("with no settings, checks the local school npm run dev runs, and passes: one line per check, exit 0", async () => {
    const port = await freePortWithSmtpBeside();
    const school = await startLocalBackend({ dataDir: "memory://", port, log: () => {} });
    try {
      await deliverAllDue(serviceClient(school), NO_SENDERS);
      const { code, output } = await runDoctorScript({ LOCAL_BACKEND_PORT: String(port) });
      expect(output).not.toContain("✗");
      expect(code).toBe(0);
      for (const line of [
        `Проверяю школу: Supabase http://127.0.0.1:${port}, сайт ${school.siteUrl} (локальная школа npm run dev`,
        "✓ Публичный ключ: ",
        "✓ Секретный ключ: ",
        "✓ Права: у anon, authenticated и service_role есть все",
        "✓ Хук согласия: регистрация без согласия отклонена",
        `✓ Код из письма: ${loadConfig({}).otpLength} цифр`,
        "✓ Адреса в письмах: ",
        `✓ Почта уведомлений: SMTP smtp://127.0.0.1:${port + 4} принимает подключение`,
        `✓ Почта Auth: локальная школа: письма Auth приходят в http://127.0.0.1:${port}/mailbox`,
        "✓ Работник уведомлений: последний круг",
        "✓ Ключ планировщика: локальная школа",
        "○ Telegram: не проверено — бот не настроен",
        "Всё в порядке",
      ]) {
        expect(output).toContain(line);
      }
    } finally {
      await school.close();
    }
  });

  it("passes against a project named by the app's variables", async () => {
    const results = await runDoctor(settingsFor(backend), EXPECTED_GRANTS);
    expect(failed(results)).toEqual([]);
    expect(results.filter((result) => result.status === "skipped").map((result) => result.id)).toEqual(["auth-smtp", "telegram"]);
  });

  it("names a wrong secret key and exits 1", async () => {
    const { code, output } = await runDoctorScript(appEnvFor(backend, { SUPABASE_SECRET_KEY: "sb_secret_not-this-projects-key-000000" }));
    expect(code).toBe(1);
    expect(output).toContain("✗ Секретный ключ: SUPABASE_SECRET_KEY не подходит к проекту");
    // What needs the key says so instead of failing for the key's sake.
    expect(output).toContain("○ Права: не проверено — нужен рабочий SUPABASE_SECRET_KEY");
  });

  it("names a wrong publishable key, and keys of the wrong kind", async () => {
    const wrong = await runDoctor(settingsFor(backend, { NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: "sb_publishable_not-this-project" }), EXPECTED_GRANTS);
    expect(byId(wrong, "publishable-key")).toMatchObject({ status: "fail", detail: expect.stringContaining("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY не подходит") });
    expect(byId(wrong, "signup-hook").status).toBe("skipped");

    const swapped = await runDoctor(settingsFor(backend, { NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: SECRET_KEY, SUPABASE_SECRET_KEY: PUBLISHABLE_KEY }), EXPECTED_GRANTS);
    expect(byId(swapped, "publishable-key").detail).toContain("в NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY секретный ключ");
    expect(byId(swapped, "secret-key").detail).toContain("в SUPABASE_SECRET_KEY публичный ключ");
    expect(hasFailures(swapped)).toBe(true);
  });

  it("names an unreachable project", async () => {
    const results = await runDoctor(settingsFor(backend, { NEXT_PUBLIC_SUPABASE_URL: "http://127.0.0.1:9" }), EXPECTED_GRANTS);
    expect(byId(results, "publishable-key").detail).toContain("Supabase не отвечает по адресу http://127.0.0.1:9");
    expect(byId(results, "secret-key").status).toBe("skipped");
  });

  it("names a revoked grant", async () => {
    await backend.db.query("revoke select on public.profiles from authenticated");
    try {
      const result = await checkGrants(clientWith(settingsFor(backend), SECRET_KEY), EXPECTED_GRANTS);
      expect(result.status).toBe("fail");
      expect([result.detail, ...(result.items ?? [])].join("\n")).toContain("authenticated не может SELECT на table profiles");
    } finally {
      await backend.db.query("grant select on public.profiles to authenticated");
    }
    expect((await checkGrants(clientWith(settingsFor(backend), SECRET_KEY), EXPECTED_GRANTS)).status).toBe("ok");
  });

  it("names a schema the API role may not enter, which refuses every read whatever the tables grant", async () => {
    // PostgreSQL gives every role USAGE on public through PUBLIC: both must go to shut the door.
    await backend.db.query("revoke usage on schema public from public, authenticated");
    try {
      const result = await checkGrants(clientWith(settingsFor(backend), SECRET_KEY), EXPECTED_GRANTS);
      expect(result.status).toBe("fail");
      expect([result.detail, ...(result.items ?? [])].join("\n")).toContain("authenticated не может USAGE на schema public");
    } finally {
      await backend.db.query("grant usage on schema public to public, authenticated");
    }
  });

  it("names a stalled worker: no round for long, and a delivery overdue", async () => {
    const settings = settingsFor(backend);
    const secret = clientWith(settings, SECRET_KEY);
    await backend.db.query(`update public.notification_scan set scanned_until = now() - interval '2 hours' where id`);
    const { rows } = await backend.db.query<{ id: number }>(
      `insert into public.notifications (user_id, kind, payload) select id, 'welcome', '{}' from public.profiles where email = $1 returning id`,
      [SEEDED.student.email],
    );
    await backend.db.query(`update public.notification_deliveries set next_attempt_at = now() - interval '1 hour' where notification_id = $1 and channel = 'email'`, [rows[0].id]);
    const result = await checkWorker(secret, settings.staleMinutes);
    expect(result.status).toBe("fail");
    expect(result.detail).toContain("последний удачный круг был 2 ч назад");
    expect(result.detail).toContain("1 уведомление ждёт отправки дольше 10 мин");

    await deliverAllDue(service, NO_SENDERS);
    expect((await checkWorker(secret, settings.staleMinutes)).status).toBe("ok");
  });

  it("names a site the Auth settings do not know", async () => {
    const result = await checkAuthUrls(settingsFor(backend, { NEXT_PUBLIC_SITE_URL: "https://school.example" }));
    expect(result.status).toBe("fail");
    expect(result.detail).toContain(`Site URL в Supabase — ${backend.siteUrl}, а приложение — https://school.example (NEXT_PUBLIC_SITE_URL)`);
    expect(result.detail).toContain(`Supabase подставляет вместо него ${backend.siteUrl}.`);
    expect(result.detail).toContain("адреса https://school.example/auth/confirm?next=%2Fauth%2Freset-password нет в Redirect URLs");
  });

  it("names an SMTP server that does not answer", async () => {
    const result = await checkAppSmtp(settingsFor(backend, { SMTP_URL: "smtp://127.0.0.1:9" }));
    expect(result).toMatchObject({ status: "fail", detail: expect.stringContaining("SMTP smtp://127.0.0.1:9 не работает") });
  });
});

describe("«Состояние школы»: the checks of the running school", () => {
  it("reads grants and the worker with the admin's own session, the rest from its settings, and changes nothing", async () => {
    const settings = settingsFor(backend);
    const users = async () => (await service.auth.admin.listUsers({ perPage: 1000 })).data.users.length;
    const before = await users();
    const admin = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const results = await runRuntimeChecks(settings, admin.client, EXPECTED_GRANTS);
    expect(results.map((result) => [result.id, result.status])).toEqual([
      ["grants", "ok"],
      ["worker", "ok"],
      ["app-smtp", "ok"],
      ["telegram", "skipped"],
      ["cron-secret", "ok"],
    ]);
    expect(await users()).toBe(before);
  });

  it("tells a student nothing of the grants or the queue", async () => {
    const student = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    for (const call of [student.client.rpc("api_privileges"), student.client.rpc("notification_health", { _stale_minutes: 10 })]) {
      const { data, error } = await call;
      expect([data, error?.code, error?.message]).toEqual([null, "42501", "Только для администратора"]);
    }
    const results = await runRuntimeChecks(settingsFor(backend), student.client, EXPECTED_GRANTS);
    expect(byId(results, "grants").status).toBe("fail");
    expect(byId(results, "worker").status).toBe("fail");
  });
});

describe("a project with the consent hook off, sending 8-digit codes", () => {
  let loose: LocalBackend;
  beforeAll(async () => {
    loose = await startTestBackend({ beforeUserCreatedHook: null, otpLength: 8 });
  });
  afterAll(async () => loose?.close());

  it("names the hook, measures the code against the app's form, and leaves no throwaway account behind", async () => {
    const settings = settingsFor(loose);
    const secret = clientWith(settings, SECRET_KEY);
    const users = async () => (await secret.auth.admin.listUsers({ perPage: 1000 })).data.users.length;
    const before = await users();

    const hook = await checkSignupHook(clientWith(settings, PUBLISHABLE_KEY), secret);
    expect(hook.status).toBe("fail");
    expect(hook.detail).toContain("регистрация без согласия принята");
    expect(hook.detail).toContain("удалён");

    const otp = await checkOtpLength(secret);
    // The project's 8 digits, judged by the app's own recovery form.
    const appTakesEight = recoveryCodeSchema.safeParse({ email: "a@b.ru", code: "12345678" }).success;
    expect(otp.status).toBe(appTakesEight ? "ok" : "fail");
    expect(otp.detail).toContain(appTakesEight ? "8 цифр, приложение принимает такой код" : "Supabase присылает код из 8 цифр");

    expect(await users()).toBe(before);
    await deliverAllDue(serviceClient(loose), NO_SENDERS);
    expect(failed(await runDoctor(settings, EXPECTED_GRANTS)).sort()).toEqual(appTakesEight ? ["signup-hook"] : ["otp-length", "signup-hook"]);
  });
});

describe("settings checked outside the database", () => {
  it("Telegram: the bot's webhook must be the app's", async () => {
    const token = "4242:doctor-token";
    const fake = await startFakeBotApi({ token, username: "school_bot" });
    try {
      const env = { TELEGRAM_BOT_TOKEN: token, TELEGRAM_BOT_USERNAME: "school_bot", TELEGRAM_WEBHOOK_SECRET: "secret", TELEGRAM_API_ROOT: fake.apiRoot, NEXT_PUBLIC_SITE_URL: "https://school.example" };
      const settings = settingsFor(backend, env);
      expect((await checkTelegram(settings)).detail).toContain("вебхук не зарегистрирован");

      await fetch(`${fake.url}/setWebhook`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: "https://old.example/api/telegram/webhook" }) });
      expect((await checkTelegram(settings)).detail).toContain("Telegram шлёт сообщения бота на https://old.example/api/telegram/webhook");

      await fetch(`${fake.url}/setWebhook`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: "https://school.example/api/telegram/webhook" }) });
      expect(await checkTelegram(settings)).toMatchObject({ status: "ok" });

      expect((await checkTelegram(settingsFor(backend, { ...env, TELEGRAM_BOT_USERNAME: "other_bot" }))).detail).toContain("токен от бота @school_bot");
      expect((await checkTelegram(settingsFor(backend, { ...env, TELEGRAM_BOT_TOKEN: "4242:wrong" }))).detail).toContain("TELEGRAM_BOT_TOKEN не подходит");
      expect((await checkTelegram(settingsFor(backend, { TELEGRAM_BOT_TOKEN: token }))).detail).toContain("TELEGRAM_BOT_USERNAME, TELEGRAM_WEBHOOK_SECRET");
    } finally {
      await fake.close();
    }
  });

  it("Auth's SMTP through the Management API, when a token is given", async () => {
    let smtpHost: string | null = null;
    const seen: (string | undefined)[] = [];
    const api: Server = createServer((request, response) => {
      seen.push(`${request.url} ${request.headers.authorization}`);
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ smtp_host: smtpHost, smtp_port: "465", smtp_admin_email: "school@example.ru" }));
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    try {
      const settings = {
        ...settingsFor(backend, { SUPABASE_ACCESS_TOKEN: "sbp_token", SUPABASE_PROJECT_REF: "abcdefghijklmnopqrst" }),
        managementApiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
      };
      expect(await checkAuthSmtp(settings)).toMatchObject({ status: "fail", detail: expect.stringContaining("свой SMTP не настроен") });
      smtpHost = "smtp.example.ru";
      expect(await checkAuthSmtp(settings)).toMatchObject({ status: "ok", detail: "SMTP smtp.example.ru:465, отправитель school@example.ru" });
      expect(seen[0]).toBe("/v1/projects/abcdefghijklmnopqrst/config/auth Bearer sbp_token");
    } finally {
      api.close();
    }
  });
});
