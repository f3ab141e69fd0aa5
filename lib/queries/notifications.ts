import "server-only";
import { cache } from "react";
import { describeNotification, type NotificationText } from "@/lib/domain/notifications";
import { pageRange } from "@/lib/domain/pagination";
import { createDataClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** Reads of the bell and «Уведомления»; row level security keeps each person to their own. */

export const NOTIFICATIONS_PER_PAGE = 30;

/** The bell's number: started by the layout beside the page's own reads, so it costs no extra wave. */
export const getUnreadCount = cache(async (): Promise<number> => {
  const supabase = await createDataClient();
  const { count, error } = await supabase.from("notifications").select("id", { count: "exact", head: true }).is("read_at", null);
  if (error) throw new Error(`Не удалось загрузить уведомления: ${error.message}`);
  return count ?? 0;
});

export interface NotificationItem extends NotificationText {
  id: number;
  createdAt: string;
  read: boolean;
}

export async function getNotificationsPage(page: number) {
  const supabase = await createDataClient();
  const [from, to] = pageRange(page, NOTIFICATIONS_PER_PAGE);
  const { data, count, error } = await supabase
    .from("notifications")
    .select("id, kind, payload, created_at, read_at", { count: "exact" })
    .order("created_at", { ascending: false })
    .order("id", { ascending: false })
    .range(from, to);
  const rows = orThrow({ data, error });
  const items: NotificationItem[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    read: row.read_at !== null,
    ...describeNotification(row.kind, row.payload),
  }));
  return { items, total: count ?? rows.length };
}
