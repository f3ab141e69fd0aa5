import nodemailer from "nodemailer";
import { z } from "zod";
import { describeError, fetchWithTimeout } from "./clients";
import { fail, ok, skipped, type HealthResult, type HealthSettings } from "./types";

/**
 * (f) Mail goes out: the app's own SMTP for notifications (SMTP_URL, lib/notifications/email.ts)
 * answers and takes its login; Supabase Auth's SMTP, which only the Management API shows.
 */

const TIMEOUT_MS = 10_000;

/** The SMTP server's host and port, without the password. */
function smtpAddress(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return "SMTP_URL";
  }
}

export async function checkAppSmtp(settings: HealthSettings): Promise<HealthResult> {
  if (!settings.smtpUrl) {
    return fail("app-smtp", "SMTP_URL не задан: письма-уведомления не уходят. Задайте SMTP_URL (smtps://логин:пароль@smtp.example.ru:465) и EMAIL_FROM");
  }
  const address = smtpAddress(settings.smtpUrl);
  const transport = nodemailer.createTransport({ url: settings.smtpUrl, connectionTimeout: TIMEOUT_MS, greetingTimeout: TIMEOUT_MS, socketTimeout: TIMEOUT_MS, dnsTimeout: TIMEOUT_MS });
  try {
    await transport.verify();
    return ok("app-smtp", `SMTP ${address} принимает подключение${new URL(settings.smtpUrl).username ? " и пароль" : ""}`);
  } catch (thrown) {
    const code = typeof thrown === "object" && thrown && "code" in thrown ? String(thrown.code) : "";
    const why = code === "EAUTH" ? "логин или пароль не подходят" : describeError(thrown);
    return fail("app-smtp", `SMTP ${address} не работает: ${why}. Проверьте SMTP_URL`);
  } finally {
    transport.close();
  }
}


const authConfigSchema = z.object({ smtp_host: z.string().nullish(), smtp_port: z.union([z.string(), z.number()]).nullish(), smtp_admin_email: z.string().nullish() });

/** Auth's e-mail settings through the Management API: only with an access token, which the app never needs. */
export async function checkAuthSmtp(settings: HealthSettings): Promise<HealthResult> {
  if (settings.local) return ok("auth-smtp", `локальная школа: письма Auth приходят в ${settings.supabaseUrl}/mailbox`);
  if (!settings.accessToken || !settings.projectRef) {
    const missing = [!settings.accessToken && "SUPABASE_ACCESS_TOKEN (supabase.com/dashboard/account/tokens)", !settings.projectRef && "SUPABASE_PROJECT_REF"].filter(Boolean);
    return skipped(
      "auth-smtp",
      `задайте ${missing.join(" и ")}, чтобы проверить SMTP в Authentication → Emails; без своего SMTP Supabase шлёт около 2 писем в час и только команде проекта`,
    );
  }
  try {
    const response = await fetchWithTimeout(`${settings.managementApiUrl}/v1/projects/${settings.projectRef}/config/auth`, {
      headers: { authorization: `Bearer ${settings.accessToken}` },
    });
    if (response.status === 401 || response.status === 403) {
      return fail("auth-smtp", `SUPABASE_ACCESS_TOKEN не подходит (ответ ${response.status}): выпустите новый в supabase.com/dashboard/account/tokens`);
    }
    if (response.status === 404) return fail("auth-smtp", `проект ${settings.projectRef} не найден: проверьте SUPABASE_PROJECT_REF`);
    if (!response.ok) return fail("auth-smtp", `Management API ответил ${response.status}`);
    const config = authConfigSchema.parse(await response.json());
    if (!config.smtp_host) {
      return fail(
        "auth-smtp",
        "свой SMTP не настроен: Supabase шлёт около 2 писем в час и только команде проекта, регистрация и восстановление пароля у студентов не работают. Настройте Authentication → Emails → SMTP Settings",
      );
    }
    return ok("auth-smtp", `SMTP ${config.smtp_host}${config.smtp_port ? `:${config.smtp_port}` : ""}${config.smtp_admin_email ? `, отправитель ${config.smtp_admin_email}` : ""}`);
  } catch (thrown) {
    return fail("auth-smtp", `не удалось спросить Management API: ${describeError(thrown)}`);
  }
}
