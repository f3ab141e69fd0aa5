/** What `npm run doctor` and the admin's «Состояние школы» report: one result per check. */

export type HealthStatus = "ok" | "fail" | "skipped";

export type HealthCheckId =
  | "publishable-key"
  | "secret-key"
  | "grants"
  | "signup-hook"
  | "otp-length"
  | "auth-urls"
  | "app-smtp"
  | "auth-smtp"
  | "worker"
  | "telegram"
  | "cron-secret";

export interface HealthResult {
  id: HealthCheckId;
  /** A short name, in Russian: «Права», «Хук согласия». */
  title: string;
  status: HealthStatus;
  /** What was found and, when it failed or was not checked, what to do; in Russian. */
  detail: string;
  /** One line per problem when there are several (every missing privilege). */
  items?: string[];
}

export const TITLES: Record<HealthCheckId, string> = {
  "publishable-key": "Публичный ключ",
  "secret-key": "Секретный ключ",
  grants: "Права",
  "signup-hook": "Хук согласия",
  "otp-length": "Код из письма",
  "auth-urls": "Адреса в письмах",
  "app-smtp": "Почта уведомлений",
  "auth-smtp": "Почта Auth",
  worker: "Работник уведомлений",
  telegram: "Telegram",
  "cron-secret": "Ключ планировщика",
};

export const ok = (id: HealthCheckId, detail: string): HealthResult => ({ id, title: TITLES[id], status: "ok", detail });
export const fail = (id: HealthCheckId, detail: string, items?: string[]): HealthResult =>
  items?.length ? { id, title: TITLES[id], status: "fail", detail, items } : { id, title: TITLES[id], status: "fail", detail };
export const skipped = (id: HealthCheckId, detail: string): HealthResult => ({ id, title: TITLES[id], status: "skipped", detail });

/** The Bot API settings as the app reads them (lib/notifications/telegram.ts), possibly incomplete. */
export interface TelegramHealthSettings {
  token: string | null;
  username: string | null;
  webhookSecret: string | null;
  apiRoot: string;
}

/** Everything the checks look at, read once from the environment the app runs with (settings.ts). */
export interface HealthSettings {
  supabaseUrl: string;
  publishableKey: string | null;
  secretKey: string | null;
  /** The app's public address (NEXT_PUBLIC_SITE_URL, as lib/site.ts reads it). */
  siteUrl: string;
  smtpUrl: string | null;
  telegram: TelegramHealthSettings;
  cronSecret: string | null;
  /** A Supabase personal access token, for the Management API (Auth's SMTP). */
  accessToken: string | null;
  projectRef: string | null;
  managementApiUrl: string;
  /** No worker round for this long, or a delivery due this long ago, is a stale worker. */
  staleMinutes: number;
  /** The local school `npm run dev` runs (no Supabase settings given). */
  local: boolean;
}
