import { rublesInputToKopecks } from "@/lib/payments/money";
import { z } from "./zod";
import { firstParam } from "@/lib/domain/paths";

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

/** The orders page's filters, from its address: a status, a course, and a period of Moscow days. */
export interface OrderFilters {
  status: OrderStatusFilter | null;
  offerId: string | null;
  from: string | null;
  to: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** What the address asks for; anything it cannot read is no filter at all. */
export function parseOrderFilters(params: Record<string, string | string[] | undefined>): OrderFilters {
  const one = (name: string) => {
    const value = params[name];
    return firstParam(value)?.trim() ?? "";
  };
  const status = ORDER_STATUSES.find((value) => value === one("status")) ?? null;
  return {
    status,
    offerId: UUID.test(one("offer")) ? one("offer").toLowerCase() : null,
    from: isDay(one("from")) ? one("from") : null,
    to: isDay(one("to")) ? one("to") : null,
  };
}

/** The filters as an address's query, for links that keep them (a status tab, «Скачать CSV»). */
export function orderFiltersQuery(filters: OrderFilters, change: Partial<OrderFilters> = {}): string {
  const next = { ...filters, ...change };
  const query = new URLSearchParams();
  if (next.status) query.set("status", next.status);
  if (next.offerId) query.set("offer", next.offerId);
  if (next.from) query.set("from", next.from);
  if (next.to) query.set("to", next.to);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** A Moscow day's first instant, and the next day's: the period's bounds for created_at. */
export const moscowDayStart = (day: string) => new Date(`${day}T00:00:00+03:00`).toISOString();
export const moscowDayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00+03:00`) + 86_400_000).toISOString();
