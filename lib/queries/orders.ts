import "server-only";
import { createDataClient } from "@/lib/supabase/server";
import type { DataClient } from "@/lib/supabase/session";
import { REVENUE_DAYS } from "./revenue-days";
import { moscowDayAfter, moscowDayStart, type OrderFilters } from "@/lib/validation/orders";
import { orThrow } from "./result";
import { z } from "zod";

/** An order's history as orders_page answers it (jsonb: kind, detail, created_at; oldest first). */
const orderEventsSchema = z.array(z.object({ kind: z.string(), detail: z.unknown(), created_at: z.string() }));
const orderEvents = (events: unknown) => orderEventsSchema.parse(events);

/** The admin's orders (/admin/orders): the newest first, by status, with each offer's title. */
export const ORDERS_SHOWN = 100;

/** A read of orders narrowed by the page's filters. */
function filtered<Q extends { eq(column: string, value: string): Q; gte(column: string, value: string): Q; lt(column: string, value: string): Q }>(
  query: Q,
  filters: OrderFilters,
): Q {
  let narrowed = query;
  if (filters.status) narrowed = narrowed.eq("status", filters.status);
  if (filters.offerId) narrowed = narrowed.eq("offer_id", filters.offerId);
  if (filters.from) narrowed = narrowed.gte("created_at", moscowDayStart(filters.from));
  if (filters.to) narrowed = narrowed.lt("created_at", moscowDayAfter(filters.to));
  return narrowed;
}

export async function getOrdersPage(filters: OrderFilters) {
  const client = await createDataClient();
  const [orders, offers, revenue] = await Promise.all([
    client.rpc("orders_page", {
      _status: filters.status ?? undefined,
      _offer_id: filters.offerId ?? undefined,
      _from: filters.from ? moscowDayStart(filters.from) : undefined,
      _to: filters.to ? moscowDayAfter(filters.to) : undefined,
      _limit: ORDERS_SHOWN,
    }),
    client.from("offers").select("id, title").order("title"),
    readRevenue(client),
  ]);
  const shown = orThrow(orders);
  const titles = new Map(orThrow(offers).map((offer) => [offer.id, offer.title]));
  return {
    offers: orThrow(offers),
    revenue,
    total: shown[0]?.total ?? 0,
    orders: shown.map((order) => ({
      id: order.id,
      number: order.number,
      status: order.status,
      buyer_email: order.buyer_email,
      amount_kopecks: order.amount_kopecks,
      refunded_kopecks: order.refunded_kopecks,
      created_at: order.created_at,
      title: titles.get(order.offer_id) ?? "Курс",
      events: orderEvents(order.events),
    })),
  };
}

/** Every order the filters name (for «Скачать CSV»), read a thousand at a time: a select stops at max_rows. */
export async function getAllOrders(filters: OrderFilters) {
  const client = await createDataClient();
  const offers = orThrow(await client.from("offers").select("id, title"));
  const titles = new Map(offers.map((offer) => [offer.id, offer.title]));
  const rows = [];
  for (let from = 0; ; from += 1000) {
    const page = await filtered(
      client
        .from("orders")
        .select("number, status, buyer_email, amount_kopecks, refunded_kopecks, created_at, paid_at, offer_id")
        .order("created_at", { ascending: false })
        .order("number", { ascending: false })
        .range(from, from + 999),
      filters,
    );
    const found = orThrow(page);
    rows.push(...found.map((order) => ({ ...order, title: titles.get(order.offer_id) ?? "Курс" })));
    if (found.length < 1000) return rows;
  }
}

/** The last REVENUE_DAYS Moscow days of revenue (revenue_by_day: zeros for anyone but an admin). */
async function readRevenue(client: DataClient) {
  const day = (offsetDays: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date(Date.now() - offsetDays * 86_400_000));
  return orThrow(await client.rpc("revenue_by_day", { _from: day(REVENUE_DAYS - 1), _to: day(0) }));
}

/** Revenue for the analytics page, beside its panels. */
export async function getRevenue() {
  return readRevenue(await createDataClient());
}
