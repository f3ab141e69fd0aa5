"use server";

import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import * as deliveries from "@/lib/mutations/deliveries";
import { notificationIdSchema } from "@/lib/validation/notifications";

/** «Отправить ещё раз» on a delivery the worker gave up on. */
export const retryDelivery = defineFormAction(
  { role: "admin", schema: notificationIdSchema, bound: true, refused: "/admin/notifications?failed=1" },
  async ({ data: deliveryId, supabase }) => {
    await deliveries.retryDelivery(supabase, deliveryId);
    redirect("/admin/notifications?retried=1");
  },
);
