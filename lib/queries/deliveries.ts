import "server-only";
import { z } from "zod";
import { NOTIFICATION_KINDS } from "@/lib/domain/notifications";
import { createDataClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** The admin's «Доставка уведомлений»: public.delivery_overview in one call. */

const overviewSchema = z.object({
  waiting: z.number(),
  sent_today: z.number(),
  failed: z.number(),
  failures: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(["email", "telegram"]),
      attempts: z.number(),
      last_error: z.string().nullable(),
      created_at: z.string(),
      kind: z.enum(NOTIFICATION_KINDS),
      email: z.string(),
      full_name: z.string().nullable(),
    }),
  ),
});
export type DeliveryOverview = z.infer<typeof overviewSchema>;

export async function getDeliveryOverview(): Promise<DeliveryOverview> {
  const supabase = await createDataClient();
  return overviewSchema.parse(orThrow(await supabase.rpc("delivery_overview", {})));
}
