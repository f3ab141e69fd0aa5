import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkout } from "./checkout";
import { apiError, json, paymentNotFound, readBody, refundNotFound, segment, type Reply } from "./http";
import { idempotenceKeys } from "./idempotence";
import { createPayment } from "./payments";
import { createRefund } from "./refunds";
import type { Shop } from "./shop";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every request of one stand-in: its health, the payment page and the API v3 with the shop's credentials. */
export function requestHandler(shop: Shop): (incoming: IncomingMessage, outgoing: ServerResponse) => Promise<void> {
  const idempotent = idempotenceKeys();

  function authorized(incoming: IncomingMessage): boolean {
    const match = /^Basic\s+(\S+)$/i.exec(incoming.headers.authorization ?? "");
    if (!match) return false;
    const decoded = Buffer.from(match[1], "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return false;
    return sameSecret(decoded.slice(0, colon), shop.shopId) && sameSecret(decoded.slice(colon + 1), shop.secretKey);
  }

  async function route(incoming: IncomingMessage, url: URL): Promise<Reply> {
    const method = incoming.method ?? "GET";
    const path = url.pathname;
    if (path === "/" || path === "/health") return json(200, { status: "ok", api: `${shop.baseUrl}/v3` });

    const page = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    if (page) return checkout(shop, incoming, segment(page[1]), page[2]);

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
      const record = shop.payments.get(segment(payment[1]));
      return record ? json(200, record.payment) : paymentNotFound();
    }
    if (method === "GET" && refund) {
      const found = shop.refunds.get(segment(refund[1]));
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
    return idempotent(path, incoming, body, () => creates(shop, body));
  }

  return async function handle(incoming, outgoing) {
    let reply: Reply;
    try {
      reply = await route(incoming, new URL(incoming.url ?? "/", shop.baseUrl));
    } catch (error) {
      console.error("[yookassa] unexpected error:", error);
      reply = apiError(500, "internal_server_error", "Internal server error");
    }
    outgoing.writeHead(reply.status, { "x-content-type-options": "nosniff", ...reply.headers });
    outgoing.end(reply.body ?? "");
  };
}
