import type { SupabaseClient } from "@supabase/supabase-js";
import { MESSAGES, Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { HOMEWORK_BUCKET } from "@/lib/domain/submissions";
import type { PreferenceInput } from "@/lib/validation/settings";
import { changed, written } from "./rows";

/**
 * A person's own settings (/settings), written with their data client under row level security,
 * and the deletion of their account, which needs the service role: no policy lets a student
 * remove homework already handed in, and only the Admin API deletes an Auth user.
 */

type Client = SupabaseClient<Database>;

export const LAST_ADMIN = MESSAGES.lastAdmin;

export async function renameSelf(client: Client, userId: string, fullName: string) {
  await changed(client.from("profiles").update({ full_name: fullName }).eq("id", userId).select("id"), "Профиль не найден");
}

export async function setPreference(client: Client, userId: string, { kind, channel, enabled }: PreferenceInput) {
  await written(client.from("notification_preferences").upsert({ user_id: userId, kind, channel, enabled }, { onConflict: "user_id,kind,channel" }));
}

/** A one-time token for the bot's deep link; the database keeps its hash for 15 minutes. */
export async function createTelegramLinkToken(client: Client): Promise<string> {
  const token = await written(client.rpc("create_telegram_link_token"));
  if (!token) throw new Error("create_telegram_link_token returned nothing");
  return token;
}

export async function unlinkTelegram(client: Client, userId: string) {
  await changed(client.from("telegram_links").delete().eq("user_id", userId).select("user_id"), "Подключение Telegram не найдено");
}

/** The school keeps at least one admin: the last one may not delete their account. */
export async function refuseLastAdmin(client: Client, userId: string) {
  // An admin reads every admin's role; anyone else only their own rows, none of them admin.
  const admins = await written(client.from("user_roles").select("user_id").eq("role", "admin"));
  const ids = new Set((admins ?? []).map((row) => row.user_id));
  if (ids.has(userId) && ids.size === 1) throw new Refusal(LAST_ADMIN);
}

/** Storage lists one folder level at a time; homework lies at `{userId}/{assignmentId}/{file}`. */
const LIST_PAGE = 1000;
const MAX_DEPTH = 3;

async function filesUnder(service: Client, folder: string, depth = 1): Promise<string[]> {
  const files: string[] = [];
  for (let offset = 0; ; offset += LIST_PAGE) {
    const { data, error } = await service.storage.from(HOMEWORK_BUCKET).list(folder, { limit: LIST_PAGE, offset, sortBy: { column: "name", order: "asc" } });
    if (error) throw new Error(`homework files of ${folder}: ${error.message}`);
    for (const entry of data) {
      const path = `${folder}/${entry.name}`;
      // A folder has no id of its own.
      if (entry.id !== null) files.push(path);
      else if (depth < MAX_DEPTH) files.push(...(await filesUnder(service, path, depth + 1)));
    }
    if (data.length < LIST_PAGE) return files;
  }
}

/** Every homework file a person uploaded, handed in or not. */
export const homeworkFilesOf = (service: Client, userId: string) => filesUnder(service, userId);

const REMOVE_BATCH = 100;

/**
 * Deletes an account (152-FZ). First the admin role, if any: the database keeps the school's last
 * admin (keep_an_admin, hint last_admin), and it must refuse before anything is gone, since inside
 * Auth's deletion its refusal would arrive as Auth's bare 500 after the files were removed. Then the
 * homework files, so that a failure leaves the account to try again rather than files nobody owns,
 * then the Auth user, whose deletion cascades to every row of theirs (profile, roles, progress,
 * access, homework, notifications, Telegram link).
 */
export async function deleteAccount(service: Client, userId: string) {
  await written(service.from("user_roles").delete().eq("user_id", userId).eq("role", "admin"));
  const files = await homeworkFilesOf(service, userId);
  for (let start = 0; start < files.length; start += REMOVE_BATCH) {
    const { error } = await service.storage.from(HOMEWORK_BUCKET).remove(files.slice(start, start + REMOVE_BATCH));
    if (error) throw new Error(`homework files not removed: ${error.message}`);
  }
  const { error } = await service.auth.admin.deleteUser(userId);
  if (error) throw new Error(`auth user not deleted: ${error.code ?? error.status} ${error.message}`);
}
