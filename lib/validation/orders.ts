import { rublesInputToKopecks } from "@/lib/payments/money";
import { z } from "./zod";

/** The admin's order actions (/admin/orders), shared by their forms and server actions. */

export const refundSchema = z.object({
  orderId: z.uuid({ message: "Заказ не найден" }),
  // In rubles as the admin types it; empty: everything not yet returned (refundAmount reads it).
  amount: z.string().trim().max(30),
});

/** The refund's amount in kopecks: null for «everything left», undefined for what is not an amount. */
export function refundAmount(text: string): number | null | undefined {
  if (text === "") return null;
  const kopecks = rublesInputToKopecks(text);
  return kopecks && kopecks > 0 ? kopecks : undefined;
}

export const ORDER_STATUSES = ["pending", "paid", "canceled", "refunded", "partially_refunded"] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];
