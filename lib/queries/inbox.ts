import { describeNotification, type NotificationText } from "@/lib/domain/notifications";
import { pageRange } from "@/lib/domain/pagination";
import type { DataClient } from "@/lib/supabase/session";
import { orThrow } from "./result";

/**
 * One person's inbox: the bell's count and the «Уведомления» list. Each read names whose
 * notifications it wants (`user_id = viewer`; the bell's function names the caller) instead of
 * trusting row level security, which lets an admin read every row: an admin's wider rights never
 * widen their own inbox. Plain functions of a client and a person (no server-only), so the
 * backend tests run them as the app does; lib/queries/notifications.ts gives them the request's
 * client and viewer.
 */

export const NOTIFICATIONS_PER_PAGE = 30;

export interface NotificationItem extends NotificationText {
  id: number;
  createdAt: string;
  read: boolean;
}

/**
 * How many of the signed-in person's own notifications are unread: the bell. The database counts
 * the caller's own entries of its unread index (`unread_notification_count`, migration …4500),
 * not every row against both read policies; it names no one but the caller, so it takes no id.
 */
export async function countUnread(supabase: DataClient): Promise<number> {
  const { data, error } = await supabase.rpc("unread_notification_count");
  if (error) throw new Error(`Не удалось загрузить уведомления: ${error.message}`);
  return data ?? 0;
}

/** A page of the viewer's own notifications, newest first, with their total. */
export async function listNotifications(supabase: DataClient, viewerId: string, page: number): Promise<{ items: NotificationItem[]; total: number }> {
  const [from, to] = pageRange(page, NOTIFICATIONS_PER_PAGE);
  const { data, count, error } = await supabase
    .from("notifications")
    .select("id, kind, payload, created_at, read_at", { count: "exact" })
    .eq("user_id", viewerId)
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, to);
  const rows = orThrow({ data, error });
  const items = rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    read: row.read_at !== null,
    ...describeNotification(row.kind, row.payload),
  }));
  return { items, total: count ?? rows.length };
}
