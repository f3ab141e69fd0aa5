import { randomBytes } from "node:crypto";
import { apiError, json, type Reply } from "./http";
import { formatValue } from "./money";
import { clone, objectId, type Shop, type YookassaPayment } from "./shop";
import { checkPayment } from "./validate";

/** ЮKassa's commission in the stand-in's income_amount: 3.5 %, rounded to the kopeck. */
const COMMISSION_PER_MILLE = 35n;

/** POST /v3/payments: a pending payment with its redirect to the payment page. */
export function createPayment(shop: Shop, body: unknown): Reply {
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
    recipient: shop.recipient,
    created_at: new Date().toISOString(),
    confirmation: { type: "redirect", confirmation_url: `${shop.baseUrl}/checkout/${id}`, return_url: request.returnUrl },
    test: true,
    refundable: false,
    receipt_registration: "pending",
    metadata: request.metadata,
  };
  shop.payments.set(id, { payment, kopecks: request.kopecks, refundedKopecks: 0n, returnUrl: request.returnUrl, receipt: request.receipt });
  shop.log(`ЮKassa: payment ${id} created (${request.amount.value} ${request.amount.currency})`);
  return json(200, payment);
}

/** The buyer's choice on the payment page; null when the payment is unknown or already settled. */
export function settle(shop: Shop, id: string, outcome: "succeeded" | "canceled"): YookassaPayment | null {
  const record = shop.payments.get(id);
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
  shop.log(`ЮKassa: payment ${id} ${outcome}`);
  shop.notify(`payment.${outcome}`, payment);
  return clone(payment);
}
