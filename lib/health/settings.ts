import { DEFAULT_TELEGRAM_API_ROOT } from "@/lib/notifications/telegram";
import { DEFAULT_SITE_URL } from "@/lib/site";
import type { HealthSettings } from "./types";

/** Minutes without a worker round, or with a delivery overdue, before the worker counts as stale. */
export const DEFAULT_STALE_MINUTES = 10;

const MANAGEMENT_API_URL = "https://api.supabase.com";

const value = (text: string | undefined) => text?.trim() || null;

/** A hosted project's ref from its API address (`https://<ref>.supabase.co`), else null. */
export function projectRefOf(supabaseUrl: string): string | null {
  try {
    return /^([a-z0-9]{20})\.supabase\.(?:co|in)$/.exec(new URL(supabaseUrl).hostname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * The settings the checks read, from the same variables as the app (README: hosted project), plus
 * SUPABASE_ACCESS_TOKEN / SUPABASE_PROJECT_REF for the Management API and DOCTOR_STALE_MINUTES.
 * `local` marks the local school of `npm run dev`, whose defaults scripts/doctor.ts fills in.
 */
export function healthSettings(env: Record<string, string | undefined>, local = false): HealthSettings {
  const supabaseUrl = (value(env.NEXT_PUBLIC_SUPABASE_URL) ?? "").replace(/\/+$/, "");
  const stale = Number(env.DOCTOR_STALE_MINUTES);
  return {
    supabaseUrl,
    publishableKey: value(env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY) ?? value(env.NEXT_PUBLIC_SUPABASE_ANON_KEY),
    secretKey: value(env.SUPABASE_SECRET_KEY),
    siteUrl: (value(env.NEXT_PUBLIC_SITE_URL) ?? DEFAULT_SITE_URL).replace(/\/+$/, ""),
    smtpUrl: value(env.SMTP_URL),
    telegram: {
      token: value(env.TELEGRAM_BOT_TOKEN),
      username: value(env.TELEGRAM_BOT_USERNAME)?.replace(/^@/, "") ?? null,
      webhookSecret: value(env.TELEGRAM_WEBHOOK_SECRET),
      apiRoot: (value(env.TELEGRAM_API_ROOT) ?? DEFAULT_TELEGRAM_API_ROOT).replace(/\/+$/, ""),
    },
    cronSecret: value(env.CRON_SECRET),
    accessToken: value(env.SUPABASE_ACCESS_TOKEN),
    projectRef: value(env.SUPABASE_PROJECT_REF) ?? projectRefOf(supabaseUrl),
    managementApiUrl: MANAGEMENT_API_URL,
    staleMinutes: Number.isFinite(stale) && stale > 0 ? stale : DEFAULT_STALE_MINUTES,
    local,
  };
}
