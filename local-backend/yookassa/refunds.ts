import { apiError, json, type Reply } from "./http";
import { formatValue } from "./money";
import { objectId, type Shop, type YookassaRefund } from "./shop";
import { checkReceipt, checkRefund } from "./validate";

/** POST /v3/refunds: a refund of a succeeded payment, full or partial, succeeded at once. */
export function createRefund(shop: Shop, body: unknown): Reply {
  const checked = checkRefund(body);
  if (!checked.ok) return apiError(400, "invalid_request", checked.refusal.description, checked.refusal.parameter);
  const request = checked.value;
  const record = shop.payments.get(request.paymentId);
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
  shop.refunds.set(refund.id, refund);
  record.refundedKopecks += request.kopecks;
  payment.refunded_amount = { value: formatValue(record.refundedKopecks), currency: payment.amount.currency };
  payment.refundable = record.refundedKopecks < record.kopecks;
  shop.log(`ЮKassa: refund ${refund.id} of ${request.amount.value} for payment ${payment.id}`);
  shop.notify("refund.succeeded", refund);
  return json(200, refund);
}
