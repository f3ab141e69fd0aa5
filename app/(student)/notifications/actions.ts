"use server";

import { refresh } from "next/cache";
import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import * as notifications from "@/lib/mutations/notifications";
import { markAllReadSchema, notificationIdSchema } from "@/lib/validation/notifications";

/** Opens what a notification is about and marks it read (a plain form: it works before the page's script). */
export const openNotification = defineFormAction(
  { role: "student", schema: notificationIdSchema, bound: true, refused: "/notifications?failed=1" },
  async ({ data: id, user, supabase }) => {
    const path = await notifications.openNotification(supabase, user.id, id);
    refresh(); // the bell in the shared layout counts one fewer
    redirect(path);
  },
);

/** «Отметить все прочитанными». */
export const markAllNotificationsRead = defineFormAction(
  { role: "student", schema: markAllReadSchema, refused: "/notifications?failed=1" },
  async ({ data, supabase }) => {
    await notifications.markNotificationsRead(supabase, { before: data.before });
    refresh();
    redirect("/notifications?read=1");
  },
);
