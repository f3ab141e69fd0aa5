import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID } from "@/local-backend/server";
import { startYookassa, type YookassaNotification, type YookassaStandIn } from "@/local-backend/yookassa/index";
import { formatRubles, formatValue, parseQuantity, parseValue } from "@/local-backend/yookassa/money";
import { startTestBackend } from "./harness";

/** The shop's webhook: records every notification; answers what `answers` says (200 once they run out). */
interface Receiver {
  url: string;
  received: YookassaNotification[];
  answers: number[];
  /** While set, every answer waits for it. */
  gate: Promise<void> | null;
  server: Server;
}

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: "", received: [], answers: [], gate: null, server: null as unknown as Server };
  receiver.server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    receiver.received.push(JSON.parse(Buffer.concat(chunks).toString("utf8")));
    if (receiver.gate) await receiver.gate;
    response.writeHead(receiver.answers.shift() ?? 200);
    response.end();
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/api/payments/yookassa`;
  return receiver;
}

let kassa: YookassaStandIn;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  kassa = await startYookassa({ port: 0, webhookUrl: receiver.url, retryDelaysMs: [20, 40, 80] });
});
afterAll(async () => {
  await kassa.close();
  await new Promise((resolve) => receiver.server.close(resolve));
});
afterEach(async () => {
  await kassa.settled();
  receiver.received.length = 0;
  receiver.answers.length = 0;
  receiver.gate = null;
});

const basic = (shopId: string, secret: string) => `Basic ${Buffer.from(`${shopId}:${secret}`).toString("base64")}`;
const AUTH = basic(YOOKASSA_DEMO_SHOP_ID, YOOKASSA_DEMO_SECRET_KEY);
let keys = 0;
const newKey = () => `key-${Date.now()}-${keys++}`;

function api(path: string, init: { method?: string; body?: unknown; key?: string | null; auth?: string | null } = {}) {
  const headers: Record<string, string> = {};
  if (init.auth !== null) headers.authorization = init.auth ?? AUTH;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.key !== null && init.method === "POST") headers["idempotence-key"] = init.key ?? newKey();
  return fetch(`${kassa.url}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const item = (overrides: Record<string, unknown> = {}) => ({
  description: "Курс «Основы продаж»",
  quantity: 1,
  amount: { value: "4900.00", currency: "RUB" },
  vat_code: 1,
  payment_subject: "service",
  payment_mode: "full_payment",
  measure: "piece",
  ...overrides,
});

const paymentBody = (overrides: Record<string, unknown> = {}) => ({
  amount: { value: "4900.00", currency: "RUB" },
  capture: true,
  confirmation: { type: "redirect", return_url: "http://localhost:3000/orders/42" },
  description: "Заказ №42: Основы продаж",
  metadata: { order_id: "42" },
  receipt: { customer: { email: "buyer@example.com" }, items: [item()] },
  ...overrides,
});

async function createPayment(body: unknown = paymentBody(), key?: string) {
  const response = await api("/v3/payments", { method: "POST", body, key });
  expect(response.status).toBe(200);
  return response.json();
}

const getPayment = async (id: string) => (await api(`/v3/payments/${id}`)).json();

/** Presses a button of the payment page as the buyer's browser does (a form POST, redirect not followed). */
const press = (id: string, button: "pay" | "cancel") => fetch(`${kassa.url}/checkout/${id}/${button}`, { method: "POST", redirect: "manual" });

const refundBody = (paymentId: string, value: string, receipt?: unknown) => ({
  payment_id: paymentId,
  amount: { value, currency: "RUB" },
  ...(receipt ? { receipt } : {}),
});

const refundReceipt = (value: string) => ({
  customer: { email: "buyer@example.com" },
  items: [item({ amount: { value, currency: "RUB" } })],
});

async function paidPayment() {
  const payment = await createPayment();
  expect((await press(payment.id, "pay")).status).toBe(303);
  await kassa.settled();
  receiver.received.length = 0;
  return payment;
}

describe("money as ЮKassa writes it", () => {
  it("reads and writes decimal strings exactly, in kopecks", () => {
    expect(parseValue("4900.00")).toBe(490000n);
    expect(parseValue("0.01")).toBe(1n);
    expect(parseValue("99999999999999.99")).toBe(9999999999999999n);
    expect(formatValue(9999999999999999n)).toBe("99999999999999.99");
    expect(formatValue(490000n)).toBe("4900.00");
    expect(formatValue(5n)).toBe("0.05");
    for (const bad of ["4900", "4900.5", "4900.000", "4 900.00", "4900,00", "-1.00", "01.00", 4900, null]) expect(parseValue(bad)).toBeNull();
    expect([parseQuantity(1), parseQuantity("2.5"), parseQuantity(0.001), parseQuantity(0), parseQuantity("1.0001")]).toEqual([1000n, 2500n, 1n, null, null]);
    expect(formatRubles(490000n)).toBe("4\u00a0900,00\u00a0₽");
    expect(formatRubles(123456789n)).toBe("1\u00a0234\u00a0567,89\u00a0₽");
  });
});

describe("the ЮKassa stand-in's API", () => {
  it("asks for HTTP Basic shopId:secretKey and answers ЮKassa's 401 otherwise", async () => {
    for (const auth of [null, basic(YOOKASSA_DEMO_SHOP_ID, "wrong"), basic("other-shop", YOOKASSA_DEMO_SECRET_KEY), "Bearer x"]) {
      const response = await api("/v3/payments", { method: "POST", body: paymentBody(), auth });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        type: "error",
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        code: "invalid_credentials",
        description: "Error in shopId or secret key. Check their validity. You can reissue the key in the Merchant Profile",
      });
    }
    expect(kassa.payments()).toHaveLength(0);
    expect((await api("/v3/payments/whatever", { auth: null })).status).toBe(401);
  });

  it("creates a pending payment with a redirect to its payment page", async () => {
    const payment = await createPayment();
    expect(payment).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-000f-5000-[89ab]000-[0-9a-f]{12}$/),
      status: "pending",
      paid: false,
      amount: { value: "4900.00", currency: "RUB" },
      description: "Заказ №42: Основы продаж",
      metadata: { order_id: "42" },
      recipient: { account_id: YOOKASSA_DEMO_SHOP_ID, gateway_id: expect.any(String) },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      test: true,
      refundable: false,
      receipt_registration: "pending",
      confirmation: { type: "redirect", confirmation_url: `${kassa.url}/checkout/${payment.id}`, return_url: "http://localhost:3000/orders/42" },
    });
    expect(await getPayment(payment.id)).toEqual(payment);
  });

  it("requires an Idempotence-Key and answers a repeat with the same payment", async () => {
    const missing = await api("/v3/payments", { method: "POST", body: paymentBody(), key: null });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ type: "error", code: "invalid_request", description: "Idempotence key is empty", parameter: "Idempotence-Key" });

    const before = kassa.payments().length;
    const key = newKey();
    const first = await createPayment(paymentBody(), key);
    // The same body with its keys in another order is the same request.
    const { receipt, ...rest } = paymentBody();
    const again = await createPayment({ receipt, ...rest }, key);
    expect(again.id).toBe(first.id);
    expect(kassa.payments()).toHaveLength(before + 1);

    const other = await api("/v3/payments", { method: "POST", body: paymentBody({ description: "Другой заказ" }), key });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ code: "invalid_request", description: "Idempotence key duplicated", parameter: "Idempotence-Key" });
    expect(kassa.payments()).toHaveLength(before + 1);

    // A refused request is not remembered: corrected, it may reuse its key.
    const retryKey = newKey();
    expect((await api("/v3/payments", { method: "POST", body: paymentBody({ capture: false }), key: retryKey })).status).toBe(400);
    expect((await createPayment(paymentBody(), retryKey)).status).toBe("pending");
  });

  it("refuses a bad payment with 400 invalid_request naming the parameter", async () => {
    const receipt = (items: unknown[], customer: unknown = { email: "buyer@example.com" }) => ({ customer, items });
    const cases: [unknown, string][] = [
      [paymentBody({ amount: { value: "4900", currency: "RUB" } }), "amount.value"],
      [paymentBody({ amount: { value: "4900.5", currency: "RUB" } }), "amount.value"],
      [paymentBody({ amount: { value: 4900, currency: "RUB" } }), "amount.value"],
      [paymentBody({ amount: { value: "0.00", currency: "RUB" } }), "amount.value"],
      [paymentBody({ amount: { value: "4900.00", currency: "USD" } }), "amount.currency"],
      [paymentBody({ amount: undefined }), "amount"],
      [paymentBody({ capture: false }), "capture"],
      [paymentBody({ confirmation: undefined }), "confirmation.type"],
      [paymentBody({ confirmation: { type: "redirect", return_url: "not a url" } }), "confirmation.return_url"],
      [paymentBody({ description: "д".repeat(129) }), "description"],
      [paymentBody({ metadata: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, "v"])) }), "metadata"],
      [paymentBody({ metadata: { order: { id: 1 } } }), "metadata.order"],
      [paymentBody({ receipt: undefined }), "receipt"],
      [paymentBody({ receipt: { items: [item()] } }), "receipt.customer"],
      [paymentBody({ receipt: receipt([item()], {}) }), "receipt.customer"],
      [paymentBody({ receipt: receipt([item()], { email: "not-an-email" }) }), "receipt.customer.email"],
      [paymentBody({ receipt: receipt([item()], { phone: "+7 900 000-00-00" }) }), "receipt.customer.phone"],
      [paymentBody({ receipt: receipt([]) }), "receipt.items"],
      [paymentBody({ receipt: receipt([item({ description: "к".repeat(129) })]) }), "receipt.items[0].description"],
      [paymentBody({ receipt: receipt([item({ quantity: 0 })]) }), "receipt.items[0].quantity"],
      [paymentBody({ receipt: receipt([item({ amount: { value: "4900", currency: "RUB" } })]) }), "receipt.items[0].amount.value"],
      [paymentBody({ receipt: receipt([item({ vat_code: 11 })]) }), "receipt.items[0].vat_code"],
      [paymentBody({ receipt: receipt([item({ vat_code: "1" })]) }), "receipt.items[0].vat_code"],
      [paymentBody({ receipt: receipt([item({ payment_subject: "course" })]) }), "receipt.items[0].payment_subject"],
      [paymentBody({ receipt: receipt([item({ payment_mode: undefined })]) }), "receipt.items[0].payment_mode"],
      [paymentBody({ receipt: receipt([item(), item({ measure: undefined })]) }), "receipt.items[1].measure"],
      [paymentBody({ receipt: receipt([item({ amount: { value: "4899.99", currency: "RUB" } })]) }), "receipt.items"],
      [paymentBody({ receipt: receipt([item(), item()]) }), "receipt.items"],
    ];
    const before = kassa.payments().length;
    for (const [body, parameter] of cases) {
      const response = await api("/v3/payments", { method: "POST", body });
      expect({ parameter, status: response.status }).toEqual({ parameter, status: 400 });
      expect(await response.json()).toEqual({
        type: "error",
        id: expect.any(String),
        code: "invalid_request",
        description: expect.any(String),
        parameter,
      });
    }
    expect(kassa.payments()).toHaveLength(before);

    // Lines are price × quantity: two of 2450.00 make 4900.00; a phone does instead of an e-mail.
    const split = receipt([item({ quantity: 2, amount: { value: "2450.00", currency: "RUB" } })], { phone: "79000000000" });
    expect((await createPayment(paymentBody({ receipt: split }))).status).toBe("pending");
    const thirds = receipt([item({ quantity: "3", amount: { value: "1633.33", currency: "RUB" } }), item({ amount: { value: "0.01", currency: "RUB" } })]);
    expect((await createPayment(paymentBody({ receipt: thirds }))).status).toBe("pending");
  });

  it("answers 404 not_found for an unknown payment or refund, and ЮKassa's statuses for a wrong request", async () => {
    const payment = await api("/v3/payments/2f3b588d-000f-5000-8000-1d6e87c7fbde");
    expect(payment.status).toBe(404);
    expect(await payment.json()).toMatchObject({ type: "error", code: "not_found", description: "Payment not found or forbidden", parameter: "payment_id" });
    const refund = await api("/v3/refunds/2f3b588d-0015-5000-8000-1d6e87c7fbde");
    expect(refund.status).toBe(404);
    expect(await refund.json()).toMatchObject({ type: "error", code: "not_found", description: "Refund not found or forbidden" });
    expect((await api("/v3/payments/%E0%A4%A")).status).toBe(404);
    expect((await fetch(`${kassa.url}/checkout/%E0%A4%A`)).status).toBe(404);
    expect((await api("/v3/payments")).status).toBe(405);
    const text = await fetch(`${kassa.url}/v3/payments`, {
      method: "POST",
      headers: { authorization: AUTH, "idempotence-key": newKey(), "content-type": "text/plain" },
      body: "{}",
    });
    expect(text.status).toBe(415);
    const broken = await fetch(`${kassa.url}/v3/payments`, {
      method: "POST",
      headers: { authorization: AUTH, "idempotence-key": newKey(), "content-type": "application/json" },
      body: "{",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ code: "invalid_request" });
  });
});

describe("the payment page", () => {
  it("shows the description and the amount in Russian with «Оплатить» and «Отменить»", async () => {
    const payment = await createPayment(paymentBody({ description: "Курс <b>«Продажи»</b>" }));
    const page = await fetch(payment.confirmation.confirmation_url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const text = await page.text();
    expect(text).toContain('<html lang="ru">');
    expect(text).toContain("Курс &lt;b&gt;«Продажи»&lt;/b&gt;");
    expect(text).toContain("4\u00a0900,00\u00a0₽");
    expect(text).toContain(`<form method="post" action="/checkout/${payment.id}/pay"><button type="submit" class="pay">Оплатить</button></form>`);
    expect(text).toContain(`<form method="post" action="/checkout/${payment.id}/cancel"><button type="submit">Отменить</button></form>`);
    expect(text).not.toContain("<script");
    expect((await fetch(`${kassa.url}/checkout/unknown`)).status).toBe(404);
  });

  it("«Оплатить» makes the payment succeeded, sends payment.succeeded to the shop and returns the buyer", async () => {
    const payment = await createPayment();
    const response = await press(payment.id, "pay");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:3000/orders/42");

    const paid = await getPayment(payment.id);
    expect(paid).toEqual({
      id: payment.id,
      status: "succeeded",
      paid: true,
      amount: { value: "4900.00", currency: "RUB" },
      income_amount: { value: "4728.50", currency: "RUB" },
      description: payment.description,
      metadata: { order_id: "42" },
      recipient: payment.recipient,
      payment_method: expect.objectContaining({ type: "bank_card", id: payment.id, saved: false, card: expect.objectContaining({ last4: "4477" }) }),
      created_at: payment.created_at,
      captured_at: expect.stringMatching(/Z$/),
      test: true,
      refunded_amount: { value: "0.00", currency: "RUB" },
      refundable: true,
      receipt_registration: "succeeded",
      authorization_details: expect.objectContaining({ rrn: expect.any(String), auth_code: expect.any(String) }),
    });
    await kassa.settled();
    expect(receiver.received).toEqual([{ type: "notification", event: "payment.succeeded", object: paid }]);

    // Settled: the page says so and links back; its buttons change nothing and send nothing more.
    const page = await (await fetch(`${kassa.url}/checkout/${payment.id}`)).text();
    expect(page).toContain("Платёж оплачен");
    expect(page).toContain('<a href="http://localhost:3000/orders/42">Вернуться в магазин</a>');
    expect(page).not.toContain("<form");
    for (const button of ["pay", "cancel"] as const) {
      const again = await press(payment.id, button);
      expect([again.status, again.headers.get("location")]).toEqual([303, `/checkout/${payment.id}`]);
    }
    await kassa.settled();
    expect(receiver.received).toHaveLength(1);
    expect((await getPayment(payment.id)).status).toBe("succeeded");
  });

  it("returns the buyer at once and retries a notification the shop answers with anything but 200", async () => {
    const payment = await createPayment();
    let release!: () => void;
    receiver.gate = new Promise((resolve) => (release = resolve));
    receiver.answers.push(500, 503);
    // The redirect does not wait for the shop's webhook, which is still holding its answer.
    const response = await press(payment.id, "pay");
    expect(response.status).toBe(303);
    expect(kassa.deliveries().at(-1)).toMatchObject({ state: "sending", attempts: [] });
    release();
    receiver.gate = null;
    await kassa.settled();
    const delivery = kassa.deliveries().at(-1)!;
    expect(delivery).toMatchObject({ url: receiver.url, state: "delivered", attempts: [500, 503, 200] });
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((body) => JSON.stringify(body))).size).toBe(1);
    expect(receiver.received[0]).toEqual({ type: "notification", event: "payment.succeeded", object: await getPayment(payment.id) });
  });

  it("gives up after its tries when the shop keeps failing", async () => {
    const payment = await createPayment();
    receiver.answers.push(500, 500, 500, 500);
    await press(payment.id, "pay");
    await kassa.settled();
    expect(kassa.deliveries().at(-1)).toMatchObject({ state: "failed", attempts: [500, 500, 500, 500] });
  });

  it("stops retrying when it closes", async () => {
    const shop = await startReceiver();
    shop.answers.push(500);
    const other = await startYookassa({ port: 0, webhookUrl: shop.url, retryDelaysMs: [60_000] });
    try {
      const response = await fetch(`${other.url}/v3/payments`, {
        method: "POST",
        headers: { authorization: AUTH, "idempotence-key": newKey(), "content-type": "application/json" },
        body: JSON.stringify(paymentBody()),
      });
      other.pay((await response.json()).id);
      await vi.waitFor(() => expect(other.deliveries()[0].attempts).toEqual([500]));
      const started = Date.now();
      await other.close();
      expect(Date.now() - started).toBeLessThan(1000);
      expect(other.deliveries()[0]).toMatchObject({ state: "failed", attempts: [500] });
    } finally {
      await new Promise((resolve) => shop.server.close(resolve));
    }
  });

  it("«Отменить» makes the payment canceled as ЮKassa does for a buyer who left, and sends payment.canceled", async () => {
    const payment = await createPayment();
    const response = await press(payment.id, "cancel");
    expect([response.status, response.headers.get("location")]).toEqual([303, "http://localhost:3000/orders/42"]);
    const canceled = await getPayment(payment.id);
    expect(canceled).toMatchObject({
      status: "canceled",
      paid: false,
      refundable: false,
      cancellation_details: { party: "yoo_money", reason: "expired_on_confirmation" },
    });
    expect(canceled.confirmation).toBeUndefined();
    await kassa.settled();
    expect(receiver.received).toEqual([{ type: "notification", event: "payment.canceled", object: canceled }]);
    expect(await (await fetch(`${kassa.url}/checkout/${payment.id}`)).text()).toContain("Платёж отменён");
  });
});

describe("refunds", () => {
  it("refuses to refund a payment that is not succeeded, or one that does not exist", async () => {
    const pending = await createPayment();
    const canceled = await createPayment();
    await press(canceled.id, "cancel");
    for (const id of [pending.id, canceled.id, "2f3b588d-000f-5000-8000-1d6e87c7fbde"]) {
      const response = await api("/v3/refunds", { method: "POST", body: refundBody(id, "4900.00") });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ type: "error", code: "invalid_request", parameter: "payment_id" });
    }
    expect(kassa.refunds()).toHaveLength(0);
  });

  it("refunds in full without a receipt, sends refund.succeeded, and answers GET /v3/refunds/{id}", async () => {
    const payment = await paidPayment();
    const missingKey = await api("/v3/refunds", { method: "POST", body: refundBody(payment.id, "4900.00"), key: null });
    expect(missingKey.status).toBe(400);
    expect(await missingKey.json()).toMatchObject({ code: "invalid_request", parameter: "Idempotence-Key" });

    const key = newKey();
    const response = await api("/v3/refunds", { method: "POST", body: refundBody(payment.id, "4900.00"), key });
    expect(response.status).toBe(200);
    const refund = await response.json();
    expect(refund).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-0015-5000-[89ab]000-[0-9a-f]{12}$/),
      payment_id: payment.id,
      status: "succeeded",
      amount: { value: "4900.00", currency: "RUB" },
      created_at: expect.stringMatching(/Z$/),
      receipt_registration: "succeeded",
    });
    // A repeat under the same key is the same refund, not a second one.
    const again = await api("/v3/refunds", { method: "POST", body: refundBody(payment.id, "4900.00"), key });
    expect((await again.json()).id).toBe(refund.id);
    expect(kassa.refunds().filter((item) => item.payment_id === payment.id)).toHaveLength(1);

    expect(await (await api(`/v3/refunds/${refund.id}`)).json()).toEqual(refund);
    expect(await getPayment(payment.id)).toMatchObject({ status: "succeeded", refunded_amount: { value: "4900.00", currency: "RUB" }, refundable: false });
    await kassa.settled();
    expect(receiver.received).toEqual([{ type: "notification", event: "refund.succeeded", object: refund }]);

    const more = await api("/v3/refunds", { method: "POST", body: refundBody(payment.id, "0.01", refundReceipt("0.01")) });
    expect(more.status).toBe(400);
    expect(await more.json()).toMatchObject({ code: "invalid_request", parameter: "amount.value" });
  });

  it("refunds in part only with a receipt of what is returned, and never more than is left", async () => {
    const payment = await paidPayment();
    const refuse = async (body: unknown, parameter: string) => {
      const response = await api("/v3/refunds", { method: "POST", body });
      expect({ parameter, status: response.status }).toEqual({ parameter, status: 400 });
      expect(await response.json()).toMatchObject({ type: "error", code: "invalid_request", parameter });
    };
    await refuse(refundBody(payment.id, "1000.00"), "receipt");
    await refuse(refundBody(payment.id, "1000.00", refundReceipt("999.99")), "receipt.items");
    await refuse(refundBody(payment.id, "1000.00", { items: [item({ amount: { value: "1000.00", currency: "RUB" } })] }), "receipt.customer");
    await refuse(refundBody(payment.id, "1000.0", refundReceipt("1000.00")), "amount.value");
    await refuse(refundBody(payment.id, "4900.01", refundReceipt("4900.01")), "amount.value");
    await refuse({ amount: { value: "1.00", currency: "RUB" } }, "payment_id");

    const first = await (await api("/v3/refunds", { method: "POST", body: refundBody(payment.id, "1000.00", refundReceipt("1000.00")) })).json();
    expect(first).toMatchObject({ payment_id: payment.id, status: "succeeded", amount: { value: "1000.00", currency: "RUB" } });
    expect(await getPayment(payment.id)).toMatchObject({ refunded_amount: { value: "1000.00", currency: "RUB" }, refundable: true });

    await refuse(refundBody(payment.id, "3900.01", refundReceipt("3900.01")), "amount.value");
    // The rest is still a partial refund of the payment: it needs its receipt too.
    await refuse(refundBody(payment.id, "3900.00"), "receipt");
    const rest = await (await api("/v3/refunds", { method: "POST", body: refundBody(payment.id, "3900.00", refundReceipt("3900.00")) })).json();
    expect(rest.amount).toEqual({ value: "3900.00", currency: "RUB" });
    expect(await getPayment(payment.id)).toMatchObject({ refunded_amount: { value: "4900.00", currency: "RUB" }, refundable: false });
    await refuse(refundBody(payment.id, "0.01", refundReceipt("0.01")), "amount.value");

    await kassa.settled();
    expect(receiver.received.map((notification) => [notification.event, notification.object.id])).toEqual([
      ["refund.succeeded", first.id],
      ["refund.succeeded", rest.id],
    ]);
  });
});

describe("its port", () => {
  it("is the one asked for, or a free one when a default port is taken", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      await expect(startYookassa({ port })).rejects.toMatchObject({ code: "EADDRINUSE" });
      const elsewhere = await startYookassa({ port, orFreePort: true });
      expect(elsewhere.port).not.toBe(port);
      expect((await fetch(`${elsewhere.url}/health`)).status).toBe(200);
      await elsewhere.close();
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe("started with the local backend", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.close());

  it("listens on its own free port with the demo shop's credentials", async () => {
    expect(backend.yookassaUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(backend.yookassaUrl).not.toBe(backend.url);
    expect(backend.yookassa.url).toBe(backend.yookassaUrl);
    const response = await fetch(`${backend.yookassaUrl}/v3/payments`, {
      method: "POST",
      headers: { authorization: AUTH, "idempotence-key": newKey(), "content-type": "application/json" },
      body: JSON.stringify(paymentBody()),
    });
    expect(response.status).toBe(200);
    const payment = await response.json();
    expect(payment.confirmation.confirmation_url).toBe(`${backend.yookassaUrl}/checkout/${payment.id}`);
    // The test hooks act as the buyer would.
    backend.yookassa.setWebhookUrl(null);
    expect(backend.yookassa.pay(payment.id)).toMatchObject({ status: "succeeded", paid: true });
    expect(backend.yookassa.pay(payment.id)).toBeNull();
    expect(backend.yookassa.deliveries().at(-1)).toMatchObject({ state: "skipped", url: null });
  });
});
