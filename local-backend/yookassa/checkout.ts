import type { IncomingMessage } from "node:http";
import { html, readBody, type Reply } from "./http";
import { notFoundPage, paymentPage } from "./page";
import { settle } from "./payments";
import type { Shop } from "./shop";

/**
 * The payment page: the buyer's browser, no credentials. GET shows the payment; a POST of
 * «Оплатить» (`pay`) or «Отменить» (`cancel`) settles it and sends the buyer back to the shop.
 */
export async function checkout(shop: Shop, incoming: IncomingMessage, id: string, action: string | undefined): Promise<Reply> {
  const method = incoming.method ?? "GET";
  const record = shop.payments.get(id);
  if (!record) return html(404, notFoundPage());
  if (!action) {
    if (method !== "GET" && method !== "HEAD") return { status: 405, headers: { allow: "GET" } };
    const { payment } = record;
    return html(200, paymentPage({ id, status: payment.status, description: payment.description, kopecks: record.kopecks, returnUrl: record.returnUrl }));
  }
  if (method !== "POST") return { status: 405, headers: { allow: "POST" } };
  await readBody(incoming);
  // A settled payment's buttons (a second tab, a double click) show the page that says so.
  const settled = settle(shop, id, action === "pay" ? "succeeded" : "canceled");
  return { status: 303, headers: { location: settled ? record.returnUrl : `/checkout/${encodeURIComponent(id)}` } };
}
