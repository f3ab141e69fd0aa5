import { describeNotification } from "@/lib/domain/notifications";
import type { DataClient } from "@/lib/supabase/session";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import { written } from "./rows";

/** Marks the caller's own notifications read: the ones named, or every one that came before a moment. */
export async function markNotificationsRead(supabase: DataClient, which: { ids: number[] } | { before: string }): Promise<number> {
  const args = "ids" in which ? { _ids: which.ids } : { _before: which.before };
  return (await written(supabase.rpc("mark_notifications_read", args))) ?? 0;
}

/**
 * Marks one of the viewer's own notifications read and answers where it leads, from the stored
 * event, never from the request. Someone else's (an admin may read every row) is «not found».
 */
export async function openNotification(supabase: DataClient, viewerId: string, id: number): Promise<string> {
  const { data: row, error } = await supabase.from("notifications").select("kind, payload").eq("id", id).eq("user_id", viewerId).maybeSingle();
  if (error) throw new DatabaseError(error);
  if (!row) throw new Refusal("Уведомление не найдено");
  await markNotificationsRead(supabase, { ids: [id] });
  return describeNotification(row.kind, row.payload).path;
}
