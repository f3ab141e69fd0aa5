import "server-only";
import { cache } from "react";
import { requireUser } from "@/lib/auth";
import { createDataClient } from "@/lib/supabase/server";
import { countUnread, listNotifications } from "./inbox";

/** Reads of the bell and «Уведомления»: the signed-in person's own notifications only (lib/queries/inbox.ts). */

export { NOTIFICATIONS_PER_PAGE, type NotificationItem } from "./inbox";

/** The bell's number: started by the layout beside the page's own reads, so it costs no extra wave. */
export const getUnreadCount = cache(async (): Promise<number> => {
  const [, supabase] = await Promise.all([requireUser(), createDataClient()]);
  return countUnread(supabase);
});

export async function getNotificationsPage(page: number) {
  const [viewer, supabase] = await Promise.all([requireUser(), createDataClient()]);
  return listNotifications(supabase, viewer.id, page);
}
