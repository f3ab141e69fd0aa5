import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend, TEST_DATABASES, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Selling's database part (issue 45, migration 20261128008000): who reads and changes offers,
 * orders and promo codes; the server's price with promo codes; a payment answer applied once, with
 * the membership in the same transaction; refunds full and partial; a manual payment; and the races
 * that matter (two notifications at once, two buyers for a code's last use) on a real PostgreSQL.
 */

type Client = SupabaseClient<Database>;
let counter = 0;

/** A published offer of a new group that opens a new tool with one lesson. */
async function newOffer(service: Client, price: number, extra: Partial<Database["public"]["Tables"]["offers"]["Insert"]> = {}) {
  const name = `Продаваемый ${Date.now()}-${counter++}`;
  const group = (await service.from("groups").insert({ name: `Поток ${name}` }).select("id").single()).data!;
  const tool = (await service.from("tech_tools").insert({ name }).select("id").single()).data!;
  const lesson = (await service.from("lessons").insert({ tool_id: tool.id, title: "Урок", description: "Текст" }).select("id").single()).data!;
  await service.from("group_tool_access").insert({ group_id: group.id, tool_id: tool.id, is_unlocked: true });
  const { data: offer, error } = await service
    .from("offers")
    .insert({ slug: `kurs-${Date.now()}-${counter++}`, title: name, price_kopecks: price, group_id: group.id, is_published: true, ...extra })
    .select("id, slug, group_id")
    .single();
  expect(error).toBeNull();
  return { ...offer!, lessonId: lesson.id };
}

interface Order {
  id: string;
  number: number;
  status: string;
  amount_kopecks: number;
  access_until: string | null;
}

async function placeOrder(service: Client, userId: string, offerId: string, code: string | null = null) {
  const { data, error } = await service.rpc("place_order", { _user_id: userId, _offer_id: offerId, _code: code as string, _terms_version: "2026-11-01" });
  expect(error).toBeNull();
  return data as { order?: Order; refusal?: string };
}

async function buyer(backend: LocalBackend, service: Client) {
  const email = uniqueEmail("buyer");
  const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
  return { id: data.user!.id, client: (await signedIn(backend, email, "password123")).client };
}

const canOpen = async (client: Client, lessonId: string) => (await client.rpc("lesson_content", { _lesson_id: lessonId })).data!.length === 1;

describe("selling in the database", () => {
  let backend: LocalBackend;
  let service: Client;
  let admin: Client;

  beforeAll(async () => {
    backend = await startTestBackend();
    service = serviceClient(backend);
    admin = (await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password)).client;
  });
  afterAll(() => backend.close());

  it("a visitor reads published offers only; a buyer reads their own orders and changes none; promo codes are the admin's", async () => {
    const published = await newOffer(service, 490000);
    const draft = await newOffer(service, 100, { is_published: false });
    const anon = anonClient(backend);
    const seen = (await anon.from("offers").select("id")).data!.map((row) => row.id);
    expect(seen).toContain(published.id);
    expect(seen).not.toContain(draft.id);
    expect((await anon.from("offers").insert({ slug: "vzlom", title: "Взлом", price_kopecks: 0, group_id: published.group_id })).error?.code).toBe("42501");

    const [first, second] = [await buyer(backend, service), await buyer(backend, service)];
    const { order } = await placeOrder(service, first.id, published.id);
    expect((await first.client.from("orders").select("id, status")).data).toEqual([{ id: order!.id, status: "pending" }]);
    expect((await second.client.from("orders").select("id")).data).toEqual([]);
    expect((await first.client.from("orders").update({ status: "paid" }).eq("id", order!.id).select("id")).error?.code).toBe("42501");
    expect((await first.client.from("orders").insert({ buyer_email: "x@example.com", offer_id: published.id, list_price_kopecks: 0, amount_kopecks: 0, terms_version: "1" })).error?.code).toBe("42501");
    for (const name of ["place_order", "settle_order_payment", "open_paid_order", "record_order_refund"] as const) {
      expect((await first.client.rpc(name, {} as never)).error?.code, name).toMatch(/^(42501|PGRST202)$/);
    }
    expect((await first.client.rpc("mark_order_paid", { _order_id: order!.id })).error?.code).toBe("42501");
    expect((await first.client.from("promo_codes").select("id")).data).toEqual([]);
    expect((await admin.from("orders").select("id").eq("id", order!.id)).data).toHaveLength(1);
    expect((await admin.from("order_events").select("kind").eq("order_id", order!.id)).data).toEqual([{ kind: "created" }]);
  });

  it("the price is the server's: a percentage rounds the discount down to the kopeck, a fixed amount never goes below zero", async () => {
    const offer = await newOffer(service, 499999);
    const other = await newOffer(service, 1000);
    const person = await buyer(backend, service);
    const codes = await admin.from("promo_codes").insert([
      { code: `Tret${counter}`, percent_off: 33 },
      { code: `MINUS${counter}`, amount_off_kopecks: 700000 },
      { code: `STARYI${counter}`, percent_off: 10, expires_at: new Date(Date.now() - 1000).toISOString() },
      { code: `CHUZHOI${counter}`, percent_off: 10, offer_ids: [other.id] },
    ]);
    expect(codes.error).toBeNull();
    // Latin letters only: upper() folds them alike under every database locale.
    expect((await admin.from("promo_codes").insert({ code: "ВЕСНА", percent_off: 5 })).error?.code).toBe("23514");
    expect((await placeOrder(service, person.id, offer.id, ` TRET${counter} `)).order?.amount_kopecks).toBe(499999 - 164999);
    const free = (await placeOrder(service, person.id, offer.id, `minus${counter}`)).order!;
    expect(free).toMatchObject({ amount_kopecks: 0, status: "paid" });
    expect(await canOpen(person.client, offer.lessonId)).toBe(true);
    expect(await placeOrder(service, person.id, offer.id, `STARYI${counter}`)).toEqual({ refusal: "promo_expired" });
    expect(await placeOrder(service, person.id, offer.id, `CHUZHOI${counter}`)).toEqual({ refusal: "promo_other_offer" });
    expect(await placeOrder(service, person.id, offer.id, "NIKOGDA")).toEqual({ refusal: "promo_unknown" });
    const draft = await newOffer(service, 100, { is_published: false });
    expect(await placeOrder(service, person.id, draft.id)).toEqual({ refusal: "no_offer" });
  });

  it("checkout again within the hour is the same order, so a one-use code is not spent twice by its own buyer", async () => {
    const offer = await newOffer(service, 80000);
    const code = `RAZ${Date.now()}`;
    await service.from("promo_codes").insert({ code, percent_off: 25, max_uses: 1 });
    const person = await buyer(backend, service);
    const first = (await placeOrder(service, person.id, offer.id, code)).order!;
    const again = await placeOrder(service, person.id, offer.id, code.toLowerCase());
    expect(again.order?.id).toBe(first.id);
    expect(again.order?.amount_kopecks).toBe(60000);
    // Without the code it is another order, at the full price; another buyer finds the code spent.
    expect((await placeOrder(service, person.id, offer.id)).order).toMatchObject({ amount_kopecks: 80000 });
    const other = await buyer(backend, service);
    expect(await placeOrder(service, other.id, offer.id, code)).toEqual({ refusal: "promo_used_up" });
  });

  it("a payment answer opens access once; a repeat, another payment or another amount changes nothing", async () => {
    const offer = await newOffer(service, 250000, { access_days: 30 });
    const person = await buyer(backend, service);
    const { order } = await placeOrder(service, person.id, offer.id);
    expect((await service.rpc("attach_order_payment", { _order_id: order!.id, _provider: "yookassa", _payment_id: "pay-1" })).data).toBe(true);
    const settle = async (paymentId: string, status: string, amount: number, currency = "RUB") =>
      (await service.rpc("settle_order_payment", { _order_id: order!.id, _provider: "yookassa", _payment_id: paymentId, _status: status, _amount_kopecks: amount, _currency: currency })).data;

    expect(await settle("pay-1", "succeeded", 250001)).toBe("amount_mismatch");
    expect(await settle("pay-1", "succeeded", 250000, "USD")).toBe("amount_mismatch");
    expect(await settle("pay-2", "succeeded", 250000)).toBe("another_payment");
    expect(await canOpen(person.client, offer.lessonId)).toBe(false);
    expect(await settle("pay-1", "pending", 250000)).toBe("pending");
    expect(await settle("pay-1", "succeeded", 250000)).toBe("paid");
    expect(await settle("pay-1", "succeeded", 250000)).toBe("already_settled");
    expect(await settle("pay-1", "canceled", 250000)).toBe("already_settled");
    expect(await canOpen(person.client, offer.lessonId)).toBe(true);

    const paid = (await service.from("orders").select("status, access_until, paid_at").eq("id", order!.id).single()).data!;
    expect(paid.status).toBe("paid");
    expect(Date.parse(paid.access_until!) - Date.parse(paid.paid_at!)).toBe(30 * 24 * 60 * 60 * 1000);
    const memberships = (await service.from("group_members").select("source, source_ref, expires_at").eq("group_id", offer.group_id)).data!;
    expect(memberships).toEqual([{ source: "order", source_ref: String(order!.number), expires_at: expect.any(String) }]);
    // The buyer and every admin are told once, however often ЮKassa repeated itself.
    const told = (await service.from("notifications").select("user_id, kind, payload").in("kind", ["payment_received", "new_sale"])).data!;
    const aboutThis = told.filter((row) => (row.payload as { order_number?: number }).order_number === order!.number);
    expect(aboutThis.filter((row) => row.kind === "payment_received").map((row) => row.user_id)).toEqual([person.id]);
    expect(aboutThis.filter((row) => row.kind === "new_sale").map((row) => row.user_id)).toEqual([SEEDED.admin.id]);
    const events = (await service.from("order_events").select("kind").eq("order_id", order!.id).order("id")).data!.map((event) => event.kind);
    expect(events).toEqual(["created", "mismatch", "mismatch", "mismatch", "paid"]);
    expect((await service.rpc("settle_order_payment", { _order_id: crypto.randomUUID(), _provider: "yookassa", _payment_id: "x", _status: "succeeded", _amount_kopecks: 1, _currency: "RUB" })).data).toBe("unknown_order");
  });

  it("an order left unpaid is reminded of once, after the delay, and a paid one never", async () => {
    const offer = await newOffer(service, 70000);
    const person = await buyer(backend, service);
    const unpaid = (await placeOrder(service, person.id, offer.id)).order!;
    await service.rpc("attach_order_payment", { _order_id: unpaid.id, _provider: "yookassa", _payment_id: `pay-u-${unpaid.id}` });
    const remind = async () => (await service.rpc("remind_unpaid_orders", { _after_minutes: 60 })).data;
    expect(await remind()).toBe(0);
    await service.from("orders").update({ created_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString() }).eq("id", unpaid.id);
    expect(await remind()).toBeGreaterThanOrEqual(1);
    expect(await remind()).toBe(0);
    const told = (await service.from("notifications").select("payload").eq("user_id", person.id).eq("kind", "order_unpaid")).data!;
    expect(told.map((row) => row.payload)).toEqual([{ order_number: unpaid.number, title: expect.any(String), slug: offer.slug }]);
    expect((await admin.rpc("remind_unpaid_orders", { _after_minutes: 1 })).error?.code).toBe("42501");
  });

  it("a canceled payment leaves no access; an admin's manual payment opens it and says who", async () => {
    const offer = await newOffer(service, 100000);
    const person = await buyer(backend, service);
    const canceled = (await placeOrder(service, person.id, offer.id)).order!;
    const settled = await service.rpc("settle_order_payment", { _order_id: canceled.id, _provider: "yookassa", _payment_id: "pay-c", _status: "canceled", _amount_kopecks: 100000, _currency: "RUB" });
    expect(settled.data).toBe("canceled");
    expect(await canOpen(person.client, offer.lessonId)).toBe(false);
    expect((await admin.rpc("mark_order_paid", { _order_id: canceled.id })).data).toBe(false);

    const transfer = (await placeOrder(service, person.id, offer.id)).order!;
    expect((await admin.rpc("mark_order_paid", { _order_id: transfer.id })).data).toBe(true);
    expect(await canOpen(person.client, offer.lessonId)).toBe(true);
    expect((await service.from("orders").select("status, settled_by").eq("id", transfer.id).single()).data).toEqual({ status: "paid", settled_by: SEEDED.admin.id });
  });

  it("the order page and «Заказы» read in one call: a buyer their own order with its offer, an admin the filtered orders with their history", async () => {
    const offer = await newOffer(service, 120000);
    const [person, stranger] = [await buyer(backend, service), await buyer(backend, service)];
    const order = (await placeOrder(service, person.id, offer.id)).order!;
    expect((await admin.rpc("mark_order_paid", { _order_id: order.id })).data).toBe(true);

    const own = (await person.client.rpc("buyer_order", { _order_id: order.id })).data!;
    expect(own).toEqual([expect.objectContaining({ id: order.id, status: "paid", amount_kopecks: 120000, offer_slug: offer.slug })]);
    expect((await stranger.client.rpc("buyer_order", { _order_id: order.id })).data).toEqual([]);
    await service.from("offers").update({ is_published: false }).eq("id", offer.id);
    expect((await person.client.rpc("buyer_order", { _order_id: order.id })).data![0]).toMatchObject({ offer_slug: null, offer_title: null });

    const page = (await admin.rpc("orders_page", { _offer_id: offer.id, _status: "paid", _limit: 10 })).data!;
    expect(page.map((row) => [row.id, row.total])).toEqual([[order.id, 1]]);
    expect((page[0].events as { kind: string }[]).map((event) => event.kind)).toEqual(["created", "paid"]);
    expect((await admin.rpc("orders_page", { _offer_id: offer.id, _status: "pending" })).data).toEqual([]);
    expect((await admin.rpc("orders_page", { _offer_id: offer.id, _from: new Date(Date.now() + 86_400_000).toISOString() })).data).toEqual([]);
    expect((await person.client.rpc("orders_page", { _offer_id: offer.id })).data).toEqual([expect.objectContaining({ id: order.id, events: [] })]);
    expect((await stranger.client.rpc("orders_page", { _offer_id: offer.id })).data).toEqual([]);
  });

  it("a partial refund keeps the access; the refund that completes the amount takes back exactly this order's membership", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Moscow" }).format(new Date());
    const revenue = async () => (await admin.rpc("revenue_by_day", { _from: today, _to: today })).data![0];
    const before = await revenue();
    const offer = await newOffer(service, 300000);
    const person = await buyer(backend, service);
    const kept = (await placeOrder(service, person.id, offer.id)).order!;
    await admin.rpc("mark_order_paid", { _order_id: kept.id });
    const refunded = (await placeOrder(service, person.id, offer.id)).order!;
    await admin.rpc("mark_order_paid", { _order_id: refunded.id });
    await admin.from("group_members").insert({ group_id: offer.group_id, user_id: person.id });
    const refund = async (amount: number, refundId: string) =>
      (await service.rpc("record_order_refund", { _order_id: refunded.id, _amount_kopecks: amount, _refund_id: refundId, _actor_id: SEEDED.admin.id })).data;

    expect(await refund(300001, "r0")).toBe("amount_too_large");
    expect(await refund(100000, "r1")).toBe("partially_refunded");
    expect(await refund(100000, "r1")).toBe("already_recorded");
    expect(await refund(200000, "r2")).toBe("refunded");
    expect(await refund(1, "r3")).toBe("not_paid");
    const left = (await service.from("group_members").select("source, source_ref").eq("group_id", offer.group_id).eq("user_id", person.id)).data!;
    expect(left.map((row) => `${row.source}:${row.source_ref ?? ""}`).sort()).toEqual(["manual:", `order:${kept.number}`]);
    expect((await service.from("orders").select("status, refunded_kopecks").eq("id", refunded.id).single()).data).toEqual({ status: "refunded", refunded_kopecks: 300000 });
    // Today's revenue: two orders paid, 6 000 ₽, and 3 000 ₽ returned; nobody but an admin reads it.
    const after = await revenue();
    expect([after.orders - before.orders, after.paid_kopecks - before.paid_kopecks, after.refunded_kopecks - before.refunded_kopecks]).toEqual([2, 600000, 300000]);
    expect((await person.client.rpc("revenue_by_day", { _from: today, _to: today })).data).toEqual([{ day: today, orders: 0, paid_kopecks: 0, refunded_kopecks: 0 }]);
    const refunds = (await service.from("notifications").select("payload").eq("user_id", person.id).eq("kind", "refund_made")).data!;
    expect(refunds.map((row) => row.payload)).toEqual([
      { order_number: refunded.number, title: expect.any(String), amount_kopecks: 100000, full: false },
      { order_number: refunded.number, title: expect.any(String), amount_kopecks: 200000, full: true },
    ]);
  });
});

describe.each(TEST_DATABASES)("races on %s", (database) => {
  let backend: LocalBackend;
  let service: Client;

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
    service = serviceClient(backend);
  });
  afterAll(() => backend.close());

  it("two notifications at once open the access once", async () => {
    const offer = await newOffer(service, 50000);
    const person = await buyer(backend, service);
    const order = (await placeOrder(service, person.id, offer.id)).order!;
    const settle = () =>
      service.rpc("settle_order_payment", { _order_id: order.id, _provider: "yookassa", _payment_id: "pay-r", _status: "succeeded", _amount_kopecks: 50000, _currency: "RUB" });
    const answers = (await Promise.all([settle(), settle(), settle()])).map((answer) => answer.data);
    expect(answers.sort()).toEqual(["already_settled", "already_settled", "paid"]);
    expect((await service.from("order_events").select("kind").eq("order_id", order.id).eq("kind", "paid")).data).toHaveLength(1);
    expect((await service.from("group_members").select("id").eq("group_id", offer.group_id)).data).toHaveLength(1);
  });

  it("two buyers at once for a code's last use: one gets it, the other is told it is used up", async () => {
    const offer = await newOffer(service, 50000);
    const code = `ODIN${Date.now()}`;
    await service.from("promo_codes").insert({ code, percent_off: 50, max_uses: 1 });
    const [first, second] = [await buyer(backend, service), await buyer(backend, service)];
    const answers = await Promise.all([placeOrder(service, first.id, offer.id, code), placeOrder(service, second.id, offer.id, code)]);
    expect(answers.map((answer) => answer.refusal ?? answer.order!.amount_kopecks).sort()).toEqual([25000, "promo_used_up"]);
  });
});
