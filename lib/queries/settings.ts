import "server-only";
import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { admits } from "@/lib/actions/roles";
import { CONFIGURABLE_KINDS, type NotificationChannel, type NotificationKind } from "@/lib/domain/notifications";
import { telegramConfigured } from "@/lib/notifications/telegram";
import { createAuthClient, createDataClient } from "@/lib/supabase/server";
import type { SessionUser } from "@/lib/supabase/session";
import type { ConfigurableKind } from "@/lib/validation/settings";
import { z } from "@/lib/validation/zod";
import { orThrow } from "./result";

/** One row of the notification table: a kind and whether each channel sends it. */
export interface PreferenceRow {
  kind: ConfigurableKind;
  label: string;
  email: boolean;
  telegram: boolean;
}

export interface Settings {
  fullName: string;
  email: string;
  /** The address a change waits to be confirmed for (Supabase Auth's `new_email`). */
  pendingEmail: string | null;
  /** Which links of the pending change were followed (migration …1300: both are needed). */
  pendingProven: { current: boolean; new: boolean };
  /** A sign-up's address not yet proven by the app's letter: e-mails wait, Telegram cannot be linked (migration …1400). */
  emailUnproven: boolean;
  preferences: PreferenceRow[];
  telegram: { configured: boolean; username: string | null; linked: boolean };
}

const emailChangeState = z
  .object({ current_proven: z.boolean().default(false), new_proven: z.boolean().default(false) })
  .transform((state) => ({ current: state.current_proven, new: state.new_proven }));

type StoredPreference = { kind: NotificationKind; channel: NotificationChannel; enabled: boolean };

/** Without a row of their own, every kind goes by e-mail, and to Telegram once it is linked (migration 1200). */
export function preferenceRows(stored: StoredPreference[], reviewer: boolean): PreferenceRow[] {
  const enabled = (kind: NotificationKind, channel: NotificationChannel) =>
    stored.find((row) => row.kind === kind && row.channel === channel)?.enabled ?? true;
  return CONFIGURABLE_KINDS.filter((entry) => entry.audience === "student" || reviewer).map(({ kind, label }) => ({
    kind,
    label,
    email: enabled(kind, "email"),
    telegram: enabled(kind, "telegram"),
  }));
}

/**
 * Everything /settings shows, in one parallel wave: the account as Supabase Auth knows it (a
 * pending address lives only there), the profile's name, the notification choices and the
 * Telegram link, all the user's own under row level security.
 */
export async function getSettings(user: SessionUser): Promise<Settings> {
  const [auth, supabase] = await Promise.all([createAuthClient(), createDataClient()]);
  const [account, profile, preferences, telegram, change] = await Promise.all([
    auth.getUser(),
    supabase.from("profiles").select("full_name, email_unproven").eq("id", user.id).maybeSingle(),
    supabase.from("notification_preferences").select("kind, channel, enabled").eq("user_id", user.id),
    supabase.from("telegram_links").select("username").eq("user_id", user.id).maybeSingle(),
    supabase.rpc("email_change_state"),
  ]);
  if (account.error && isAuthRetryableFetchError(account.error)) throw new Error(`Не удалось загрузить данные: ${account.error.message}`);
  const link = orThrow(telegram);
  const person = orThrow(profile);
  return {
    fullName: person?.full_name ?? "",
    emailUnproven: person?.email_unproven ?? false,
    email: account.data.user?.email ?? user.email,
    pendingEmail: account.data.user?.new_email || null,
    pendingProven: emailChangeState.parse(orThrow(change) ?? {}),
    preferences: preferenceRows(orThrow(preferences), admits("reviewer", user.role)),
    telegram: { configured: telegramConfigured(), username: link?.username ?? null, linked: link !== null },
  };
}
