import "server-only";
import { createDataClient } from "@/lib/supabase/server";
import type { OrderStatusFilter } from "@/lib/validation/orders";
import { orThrow } from "./result";

/** The admin's orders (/admin/orders): the newest first, by status, with each offer's title. */
export const ORDERS_SHOWN = 100;
/** The days «Выручка» covers, today included. */
export const REVENUE_DAYS = 30;

export async function getOrdersPage(status: OrderStatusFilter | null) {
  const client = await createDataClient();
  let query = client
    .from("orders")
    .select("id, number, status, buyer_email, amount_kopecks, refunded_kopecks, created_at, paid_at, offer_id", { count: "exact" })
    .order("created_at", { ascending: false })
    .limit(ORDERS_SHOWN);
  if (status) query = query.eq("status", status);
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
  const monthAgo = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date(Date.now() - (REVENUE_DAYS - 1) * 86_400_000));
  const [orders, offers, revenue] = await Promise.all([
    query,
    client.from("offers").select("id, title"),
    client.rpc("revenue_by_day", { _from: monthAgo, _to: today }),
  ]);
  const titles = new Map(orThrow(offers).map((offer) => [offer.id, offer.title]));
  return {
    revenue: orThrow(revenue),
    total: orders.count ?? 0,
    orders: orThrow(orders).map((order) => ({ ...order, title: titles.get(order.offer_id) ?? "Курс" })),
  };
}

/** Every order with the status (for «Скачать CSV»), read a thousand at a time: a select stops at max_rows. */
export async function getAllOrders(status: OrderStatusFilter | null) {
  const client = await createDataClient();
  const offers = orThrow(await client.from("offers").select("id, title"));
  const titles = new Map(offers.map((offer) => [offer.id, offer.title]));
  const rows = [];
  for (let from = 0; ; from += 1000) {
    let query = client
      .from("orders")
      .select("number, status, buyer_email, amount_kopecks, refunded_kopecks, created_at, paid_at, offer_id")
      .order("created_at", { ascending: false })
      .order("number", { ascending: false })
      .range(from, from + 999);
    if (status) query = query.eq("status", status);
    const page = await query;
    const found = orThrow(page);
    rows.push(...found.map((order) => ({ ...order, title: titles.get(order.offer_id) ?? "Курс" })));
    if (found.length < 1000) return rows;
  }
}
