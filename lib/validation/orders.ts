import { z } from "./zod";

/** The admin's order actions (/admin/orders), shared by their forms and server actions. */

/** «4900», «4900,50» or «4 900.5» → kopecks, exactly; null for anything else. */
export function rublesToKopecks(text: string): number | null {
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0]/g, ""));
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : null;
}

export const refundSchema = z.object({
  orderId: z.uuid({ message: "Заказ не найден" }),
  // In rubles as the admin types it; empty: everything not yet returned (refundAmount reads it).
  amount: z.string().trim().max(30),
});

/** The refund's amount in kopecks: null for «everything left», undefined for what is not an amount. */
export function refundAmount(text: string): number | null | undefined {
  if (text === "") return null;
  const kopecks = rublesToKopecks(text);
  return kopecks && kopecks > 0 ? kopecks : undefined;
}

export const ORDER_STATUSES = ["pending", "paid", "canceled", "refunded", "partially_refunded"] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];
