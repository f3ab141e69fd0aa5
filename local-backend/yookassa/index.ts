import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID } from "./credentials";
import { formatValue } from "./money";
import { notFoundPage, paymentPage } from "./page";
import { checkPayment, checkReceipt, checkRefund, type Amount } from "./validate";

export { YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID };

/**
 * A stand-in for ЮKassa's API v3 (yookassa.ru/developers/api) on its own port, as ЮKassa's API and
 * payment page are on their own address: payments with a redirect confirmation and a 54-FZ
 * receipt, their payment page with «Оплатить» and «Отменить», refunds, and the shop's notifications
 * (webhook) with retries. State is the provider's, so it lives in memory, one Map per server.
 */
export interface YookassaOptions {
  /** 0 picks a free port. */
  port: number;
  /**
   * When `port` is taken, listen on a free one instead (for a default port nobody asked for: the
   * returned `url` says where it is). An explicit port that is taken fails the start.
   */
  orFreePort?: boolean;
  /** The shop's notification URL (ЮKassa: a setting of the shop); null sends none. */
  webhookUrl?: string | null;
  /**
   * Waits between a notification's tries while the shop answers anything but 200 (ЮKassa retries
   * for 24 hours; here a few tries with a short backoff). Default 0.5 s, 1 s, 2 s, 4 s, 8 s.
   */
  retryDelaysMs?: number[];
  shopId?: string;
  secretKey?: string;
  log?: (line: string) => void;
}

export type PaymentStatus = "pending" | "succeeded" | "canceled";

/** A payment object as ЮKassa answers it (the fields this stand-in produces). */
export interface YookassaPayment {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  amount: Amount;
  income_amount?: Amount;
  description?: string;
  recipient: { account_id: string; gateway_id: string };
  payment_method?: Record<string, unknown>;
  captured_at?: string;
  created_at: string;
  confirmation?: { type: "redirect"; confirmation_url: string; return_url: string };
  test: true;
  refunded_amount?: Amount;
  refundable: boolean;
  receipt_registration?: "pending" | "succeeded" | "canceled";
  metadata: Record<string, string>;
  cancellation_details?: { party: string; reason: string };
  authorization_details?: Record<string, unknown>;
}

export interface YookassaRefund {
  id: string;
  payment_id: string;
  status: "succeeded";
  created_at: string;
  amount: Amount;
  description?: string;
  receipt_registration?: "succeeded";
}

export type YookassaEvent = "payment.succeeded" | "payment.canceled" | "refund.succeeded";

export interface YookassaNotification {
  type: "notification";
  event: YookassaEvent;
  object: YookassaPayment | YookassaRefund;
}

/** One notification and what became of its tries (test-only view). */
export interface Delivery {
  url: string | null;
  notification: YookassaNotification;
  /** Each try's HTTP status, or null when the request failed (refused, timed out). */
  attempts: (number | null)[];
  state: "sending" | "delivered" | "failed" | "skipped";
}

export interface YookassaStandIn {
  /** `http://127.0.0.1:<port>`: the API is `<url>/v3`, the payment page `<url>/checkout/<id>`. */
  url: string;
  port: number;
  shopId: string;
  secretKey: string;
  /** Changes the shop's notification URL (ЮKassa: the shop's settings); null sends none. */
  setWebhookUrl(url: string | null): void;
  // Test-only hooks, for the app's tests: they read or act as the buyer would, without HTTP.
  /** Test-only: every payment as GET /v3/payments/{id} answers it, oldest first. */
  payments(): YookassaPayment[];
  /** Test-only: every refund, oldest first. */
  refunds(): YookassaRefund[];
  /** Test-only: what «Оплатить» does (then the notification is sent); null when unknown or settled. */
  pay(paymentId: string): YookassaPayment | null;
  /** Test-only: what «Отменить» does; null when unknown or settled. */
  cancel(paymentId: string): YookassaPayment | null;
  /** Test-only: every notification sent or being sent, oldest first. */
  deliveries(): Delivery[];
  /** Test-only: resolves once no notification is being sent or waiting for a retry. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

interface PaymentRecord {
  payment: YookassaPayment;
  kopecks: bigint;
  refundedKopecks: bigint;
  returnUrl: string;
  receipt: Record<string, unknown>;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const MAX_BODY_BYTES = 1 << 20;
const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
/** ЮKassa's commission in the stand-in's income_amount: 3.5 %, rounded to the kopeck. */
const COMMISSION_PER_MILLE = 35n;
/** How long one try of a notification may take before it counts as failed. */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** ЮKassa's ids look like uuids with a fixed middle ("2f3b588d-000f-5000-8000-1d6e87c7fbde"). */
function objectId(kind: string): string {
  const time = Math.floor(Date.now() / 1000).toString(16).padStart(8, "0").slice(-8);
  const random = randomBytes(8).toString("hex");
  return `${time}-${kind}-5000-${"89ab"[random.charCodeAt(0) % 4]}000-${random.slice(4, 16)}`;
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { "content-type": "application/json;charset=UTF-8", ...headers },
  body: JSON.stringify(value),
});

/** ЮKassa's error body: `{type: "error", id, code, description, parameter}` with its HTTP status. */
function apiError(status: number, code: string, description: string, parameter?: string): Reply {
  return json(status, { type: "error", id: randomUUID(), code, description, ...(parameter ? { parameter } : {}) });
}

// The wording of ЮKassa's own answers (as its SDKs' recorded fixtures have them).
const paymentNotFound = () => apiError(404, "not_found", "Payment not found or forbidden", "payment_id");
const refundNotFound = () => apiError(404, "not_found", "Refund not found or forbidden");

const html = (status: number, body: string): Reply => ({
  status,
  headers: {
    "content-type": "text/html; charset=utf-8",
    // No script, no framing; no form-action either, since a form's 303 goes to the shop's return_url.
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    "cache-control": "no-store",
  },
  body,
});

/** The same JSON whatever the order of its keys, for comparing an idempotent request with the first one. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const clone = <T>(value: T): T => structuredClone(value);

/** The request's body as text, or null past 1 MB (the rest is drained, not kept). */
async function readBody(incoming: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString("utf8");
}

/** A path segment decoded, or "" when its escapes are malformed (then nothing has that id). */
function segment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return "";
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function startYookassa(options: YookassaOptions): Promise<YookassaStandIn> {
  const log = options.log ?? (() => {});
  const shopId = options.shopId ?? YOOKASSA_DEMO_SHOP_ID;
  const secretKey = options.secretKey ?? YOOKASSA_DEMO_SECRET_KEY;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let webhookUrl = options.webhookUrl ?? null;
  let baseUrl = "";
  const recipient = { account_id: shopId, gateway_id: `${shopId}-gateway` };

  const payments = new Map<string, PaymentRecord>();
  const refunds = new Map<string, YookassaRefund>();
  /** Idempotence keys by endpoint: the canonical body of the first request and its answer. */
  const idempotence = new Map<string, { body: string; reply: Reply }>();
  const deliveries: Delivery[] = [];
  const sending = new Set<Promise<void>>();
  const stopping = new AbortController();

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener("abort", done);
        resolve();
      }
      stopping.signal.addEventListener("abort", done, { once: true });
    });
  }

  /** POSTs a notification to the shop until it answers 200, as ЮKassa does (here with a few tries). */
  async function deliver(delivery: Delivery): Promise<void> {
    const body = JSON.stringify(delivery.notification);
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (stopping.signal.aborted) break;
      try {
        const response = await fetch(delivery.url!, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "YooKassa stand-in (local-backend)" },
          body,
          redirect: "manual",
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        });
        await response.body?.cancel();
        delivery.attempts.push(response.status);
        if (response.status === 200) {
          delivery.state = "delivered";
          log(`ЮKassa: ${delivery.notification.event} delivered to ${delivery.url}`);
          return;
        }
      } catch {
        delivery.attempts.push(null);
      }
      if (attempt < retryDelays.length) await sleep(retryDelays[attempt]);
    }
    delivery.state = "failed";
    log(`ЮKassa: ${delivery.notification.event} not delivered to ${delivery.url} after ${delivery.attempts.length} tries`);
  }

  function notify(event: YookassaEvent, object: YookassaPayment | YookassaRefund) {
    const delivery: Delivery = {
      url: webhookUrl,
      notification: { type: "notification", event, object: clone(object) },
      attempts: [],
      state: webhookUrl ? "sending" : "skipped",
    };
    deliveries.push(delivery);
    if (!webhookUrl) return;
    const task = deliver(delivery).finally(() => sending.delete(task));
    sending.add(task);
  }

  /** The buyer's choice on the payment page; null when the payment is unknown or already settled. */
  function settle(id: string, outcome: "succeeded" | "canceled"): YookassaPayment | null {
    const record = payments.get(id);
    if (!record || record.payment.status !== "pending") return null;
    const payment = record.payment;
    const now = new Date().toISOString();
    delete payment.confirmation;
    if (outcome === "succeeded") {
      const fee = (record.kopecks * COMMISSION_PER_MILLE + 500n) / 1000n;
      Object.assign(payment, {
        status: "succeeded",
        paid: true,
        income_amount: { value: formatValue(record.kopecks - fee), currency: payment.amount.currency },
        payment_method: {
          type: "bank_card",
          id: payment.id,
          saved: false,
          title: "Bank card *4477",
          card: { first6: "555555", last4: "4477", expiry_year: "2030", expiry_month: "12", card_type: "MasterCard", issuer_country: "RU" },
        },
        captured_at: now,
        refunded_amount: { value: "0.00", currency: payment.amount.currency },
        refundable: true,
        receipt_registration: "succeeded",
        authorization_details: {
          rrn: randomBytes(6).readUIntBE(0, 6).toString().padStart(15, "0").slice(-15),
          auth_code: randomBytes(3).readUIntBE(0, 3).toString().padStart(6, "0").slice(-6),
          three_d_secure: { applied: false },
        },
      } satisfies Partial<YookassaPayment>);
    } else {
      // A buyer who leaves the page without paying: ЮKassa cancels the payment when its time runs
      // out, as the party yoo_money with the reason expired_on_confirmation (…/declined-payments).
      Object.assign(payment, {
        status: "canceled",
        paid: false,
        receipt_registration: "canceled",
        cancellation_details: { party: "yoo_money", reason: "expired_on_confirmation" },
      } satisfies Partial<YookassaPayment>);
    }
    log(`ЮKassa: payment ${id} ${outcome}`);
    notify(`payment.${outcome}`, payment);
    return clone(payment);
  }

  function authorized(incoming: IncomingMessage): boolean {
    const match = /^Basic\s+(\S+)$/i.exec(incoming.headers.authorization ?? "");
    if (!match) return false;
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return false;
    return sameSecret(decoded.slice(0, colon), shopId) && sameSecret(decoded.slice(colon + 1), secretKey);
  }

  /**
   * A POST with an Idempotence-Key: the key is required, a repeat with the same body answers the
   * first answer, and a different body under a used key is refused. Refusals are not remembered,
   * so a corrected request may reuse its key.
   */
  function idempotent(endpoint: string, incoming: IncomingMessage, body: unknown, create: () => Reply): Reply {
    const header = incoming.headers["idempotence-key"];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) return apiError(400, "invalid_request", "Idempotence key is empty", "Idempotence-Key");
    if (key.length > 64) return apiError(400, "invalid_request", "Idempotence key is longer than 64 characters", "Idempotence-Key");
    const scoped = `${endpoint}\n${key}`;
    const seen = idempotence.get(scoped);
    const text = canonical(body);
    if (seen) {
      if (seen.body === text) return seen.reply;
      return apiError(400, "invalid_request", "Idempotence key duplicated", "Idempotence-Key");
    }
    const reply = create();
    if (reply.status === 200) idempotence.set(scoped, { body: text, reply });
    return reply;
  }

  function createPayment(body: unknown): Reply {
    const checked = checkPayment(body);
    if (!checked.ok) return apiError(400, "invalid_request", checked.refusal.description, checked.refusal.parameter);
    const request = checked.value;
    const id = objectId("000f");
    const payment: YookassaPayment = {
      id,
      status: "pending",
      paid: false,
      amount: request.amount,
      ...(request.description !== undefined ? { description: request.description } : {}),
      recipient,
      created_at: new Date().toISOString(),
      confirmation: { type: "redirect", confirmation_url: `${baseUrl}/checkout/${id}`, return_url: request.returnUrl },
      test: true,
      refundable: false,
      receipt_registration: "pending",
      metadata: request.metadata,
    };
    payments.set(id, { payment, kopecks: request.kopecks, refundedKopecks: 0n, returnUrl: request.returnUrl, receipt: request.receipt });
    log(`ЮKassa: payment ${id} created (${request.amount.value} ${request.amount.currency})`);
    return json(200, payment);
  }

  function createRefund(body: unknown): Reply {
    const checked = checkRefund(body);
    if (!checked.ok) return apiError(400, "invalid_request", checked.refusal.description, checked.refusal.parameter);
    const request = checked.value;
    const record = payments.get(request.paymentId);
    if (!record) return apiError(400, "invalid_request", "Payment doesn't exist or access denied", "payment_id");
    const payment = record.payment;
    if (payment.status !== "succeeded") {
      return apiError(400, "invalid_request", `Payment is ${payment.status}: only a succeeded payment can be refunded`, "payment_id");
    }
    if (request.amount.currency !== payment.amount.currency) {
      return apiError(400, "invalid_request", "The refund's currency must be the payment's", "amount.currency");
    }
    const left = record.kopecks - record.refundedKopecks;
    if (request.kopecks > left) {
      return apiError(400, "invalid_request", `Refund amount exceeds what is left to refund (${formatValue(left)})`, "amount.value");
    }
    // A full refund reuses the payment's receipt; a partial one needs a receipt of what is returned.
    const partial = request.kopecks !== record.kopecks;
    if (partial && request.receipt === undefined) {
      // "Receipt is missing or illegal": ЮKassa's words for a receipt it needs and did not get.
      return apiError(400, "invalid_request", "Receipt is missing or illegal", "receipt");
    }
    if (request.receipt !== undefined) {
      const receipt = checkReceipt(request.receipt, request.kopecks, payment.amount.currency);
      if (!receipt.ok) return apiError(400, "invalid_request", receipt.refusal.description, receipt.refusal.parameter);
    }
    const refund: YookassaRefund = {
      id: objectId("0015"),
      payment_id: payment.id,
      status: "succeeded",
      created_at: new Date().toISOString(),
      amount: request.amount,
      ...(request.description !== undefined ? { description: request.description } : {}),
      receipt_registration: "succeeded",
    };
    refunds.set(refund.id, refund);
    record.refundedKopecks += request.kopecks;
    payment.refunded_amount = { value: formatValue(record.refundedKopecks), currency: payment.amount.currency };
    payment.refundable = record.refundedKopecks < record.kopecks;
    log(`ЮKassa: refund ${refund.id} of ${request.amount.value} for payment ${payment.id}`);
    notify("refund.succeeded", refund);
    return json(200, refund);
  }

  async function route(incoming: IncomingMessage, url: URL): Promise<Reply> {
    const method = incoming.method ?? "GET";
    const path = url.pathname;
    if (path === "/" || path === "/health") return json(200, { status: "ok", api: `${baseUrl}/v3` });

    // The payment page: the buyer's browser, no credentials.
    const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    if (page) {
      const id = segment(page[1]);
      const record = payments.get(id);
      if (!record) return html(404, notFoundPage());
      if (!page[2]) {
        if (method !== "GET" && method !== "HEAD") return { status: 405, headers: { allow: "GET" } };
        const { payment } = record;
        return html(200, paymentPage({ id, status: payment.status, description: payment.description, kopecks: record.kopecks, returnUrl: record.returnUrl }));
      }
      if (method !== "POST") return { status: 405, headers: { allow: "POST" } };
      await readBody(incoming);
      // A settled payment's buttons (a second tab, a double click) show the page that says so.
      const settled = settle(id, page[2] === "pay" ? "succeeded" : "canceled");
      return { status: 303, headers: { location: settled ? record.returnUrl : `/checkout/${encodeURIComponent(id)}` } };
    }

    if (!path.startsWith("/v3/")) return apiError(404, "not_found", "Not found");
    if (!authorized(incoming)) {
      return apiError(
        401,
        "invalid_credentials",
        "Error in shopId or secret key. Check their validity. You can reissue the key in the Merchant Profile",
      );
    }
    const payment = /^\/v3\/payments\/([^/]+)$/.exec(path);
    const refund = /^\/v3\/refunds\/([^/]+)$/.exec(path);
    if (method === "GET" && payment) {
      const record = payments.get(segment(payment[1]));
      return record ? json(200, record.payment) : paymentNotFound();
    }
    if (method === "GET" && refund) {
      const found = refunds.get(segment(refund[1]));
      return found ? json(200, found) : refundNotFound();
    }
    const creates = path === "/v3/payments" ? createPayment : path === "/v3/refunds" ? createRefund : null;
    if (!creates && !payment && !refund) return apiError(404, "not_found", "Not found");
    if (method !== "POST" || !creates) return { status: 405, headers: { allow: creates ? "POST" : "GET" } };
    if (!/^application\/json\b/i.test(incoming.headers["content-type"] ?? "")) return { status: 415 };
    const text = await readBody(incoming);
    if (text === null) return apiError(400, "invalid_request", "Request body is too large");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return apiError(400, "invalid_request", "Request body is not valid JSON");
    }
    return idempotent(path, incoming, body, () => creates(body));
  }

  async function handle(incoming: IncomingMessage, outgoing: ServerResponse) {
    let reply: Reply;
    try {
      reply = await route(incoming, new URL(incoming.url ?? "/", baseUrl));
    } catch (error) {
      console.error("[yookassa] unexpected error:", error);
      reply = apiError(500, "internal_server_error", "Internal server error");
    }
    outgoing.writeHead(reply.status, { "x-content-type-options": "nosniff", ...reply.headers });
    outgoing.end(reply.body ?? "");
  }

  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing));
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(options.port).catch((error: NodeJS.ErrnoException) => {
    if (!options.orFreePort || error.code !== "EADDRINUSE") throw error;
    log(`ЮKassa: port ${options.port} is taken, listening on a free one`);
    return listen(0);
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${port}`;

  async function settledAll(): Promise<void> {
    while (sending.size > 0) await Promise.allSettled([...sending]);
  }

  return {
    url: baseUrl,
    port,
    shopId,
    secretKey,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    payments: () => [...payments.values()].map((record) => clone(record.payment)),
    refunds: () => [...refunds.values()].map(clone),
    pay: (id) => settle(id, "succeeded"),
    cancel: (id) => settle(id, "canceled"),
    deliveries: () => deliveries.map(clone),
    settled: settledAll,
    async close() {
      stopping.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await settledAll();
    },
  };
}
