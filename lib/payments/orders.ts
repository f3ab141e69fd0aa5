import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { isUuid } from "@/lib/domain/paths";
import type { PaymentProvider } from "./provider";
import { receiptFor, type ReceiptSettings } from "./receipt";

/**
 * The order's life between the school and the payment provider. A notification is only a hint: the
 * provider's own answer about the payment is what settle_order_payment applies, once.
 */

type Service = SupabaseClient<Database>;

/** What a refused order tells the buyer, on the promo code's field where it is about the code. */
const REFUSALS: Record<string, { error: string; field?: "code" }> = {
  no_buyer: { error: "Войдите, чтобы купить курс" },
  no_offer: { error: "Курс не найден или сейчас не продаётся" },
  promo_unknown: { error: "Такого промокода нет", field: "code" },
  promo_expired: { error: "Срок действия промокода закончился", field: "code" },
  promo_other_offer: { error: "Этот промокод не подходит к этому курсу", field: "code" },
  promo_used_up: { error: "Промокод уже использован максимальное число раз", field: "code" },
};

export type CheckoutResult = { ok: true; redirect: string } | { ok: false; error: string; field?: "code" };

/**
 * Places the buyer's order at the server's price and sends them to pay: a free order is paid at
 * once and leads to its page; a paid one gets the provider's payment, created once per order (the
 * order's id is the idempotence key), and leads to the provider's payment page.
 */
export async function startCheckout(
  service: Service,
  provider: PaymentProvider,
  purchase: { userId: string; offerId: string; code: string; termsVersion: string; siteUrl: string; receipt: ReceiptSettings },
): Promise<CheckoutResult> {
  const { data, error } = await service.rpc("place_order", {
    _user_id: purchase.userId,
    _offer_id: purchase.offerId,
    _code: purchase.code,
    _terms_version: purchase.termsVersion,
  });
  if (error) throw error;
  const answer = data as { refusal?: string; order?: { id: string; number: number; status: string; amount_kopecks: number; buyer_email: string } };
  if (answer.refusal || !answer.order) return { ok: false, ...(REFUSALS[answer.refusal ?? ""] ?? { error: "Не удалось оформить заказ" }) };
  const order = answer.order;
  const orderPage = `${purchase.siteUrl}/orders/${order.id}`;
  if (order.status === "paid") return { ok: true, redirect: orderPage };

  const { data: offer } = await service.from("offers").select("title").eq("id", purchase.offerId).single();
  const payment = await provider.createPayment({
    idempotenceKey: order.id,
    amountKopecks: order.amount_kopecks,
    description: `Заказ №${order.number}: ${offer!.title}`,
    returnUrl: orderPage,
    orderId: order.id,
    receipt: receiptFor({ email: order.buyer_email, title: offer!.title, amountKopecks: order.amount_kopecks }, purchase.receipt),
  });
  const attached = await service.rpc("attach_order_payment", { _order_id: order.id, _provider: provider.name, _payment_id: payment.id });
  if (attached.error) throw attached.error;
  if (!payment.confirmationUrl) return { ok: true, redirect: orderPage };
  return { ok: true, redirect: payment.confirmationUrl };
}

/** What settle_order_payment answered, as the provider's notification endpoint answers it. */
export type Settled = "paid" | "canceled" | "pending" | "already_settled" | "amount_mismatch" | "another_payment" | "unknown_order";

/** Asks the provider about a payment and applies its answer to the order the payment names. */
export async function settlePayment(service: Service, provider: PaymentProvider, paymentId: string): Promise<Settled | "unknown_payment"> {
  const payment = await provider.getPayment(paymentId);
  if (!payment) return "unknown_payment";
  if (!payment.orderId || !isUuid(payment.orderId)) return "unknown_order";
  const { data, error } = await service.rpc("settle_order_payment", {
    _order_id: payment.orderId,
    _provider: provider.name,
    _payment_id: payment.id,
    // A one-stage payment never waits for capture; should one, it is still not paid.
    _status: payment.status === "waiting_for_capture" ? "pending" : payment.status,
    _amount_kopecks: payment.amountKopecks,
    _currency: payment.currency,
  });
  if (error) throw error;
  return data as Settled;
}

/** Asks the provider about a refund and records it on the order of its payment. */
export async function recordRefund(service: Service, provider: PaymentProvider, refundId: string): Promise<string> {
  const refund = await provider.getRefund(refundId);
  if (!refund) return "unknown_refund";
  if (refund.status !== "succeeded") return "pending";
  const payment = await provider.getPayment(refund.paymentId);
  if (!payment?.orderId || !isUuid(payment.orderId)) return "unknown_order";
  const { data, error } = await service.rpc("record_order_refund", {
    _order_id: payment.orderId,
    _amount_kopecks: refund.amountKopecks,
    _refund_id: refund.id,
  });
  if (error) throw error;
  return data as string;
}

export type RefundResult = { ok: true; full: boolean } | { ok: false; reason: "not_found" | "not_paid" | "too_much" };

/**
 * The admin's refund of `amountKopecks` (null: all that is left) of a paid order: ЮKassa refunds it
 * first (a partial refund with a receipt of what is returned), then the order records it, and a
 * full refund takes back exactly this order's membership. The idempotence key names the order and
 * what was refunded before, so a second press of the same refund is the same refund.
 */
export async function refundOrder(
  service: Service,
  provider: PaymentProvider,
  refund: { orderId: string; amountKopecks: number | null; adminId: string; receipt: ReceiptSettings },
): Promise<RefundResult> {
  const { data: order } = await service
    .from("orders")
    .select("id, status, amount_kopecks, refunded_kopecks, payment_id, buyer_email, offer_id")
    .eq("id", refund.orderId)
    .maybeSingle();
  if (!order) return { ok: false, reason: "not_found" };
  if ((order.status !== "paid" && order.status !== "partially_refunded") || !order.payment_id) return { ok: false, reason: "not_paid" };
  const left = order.amount_kopecks - order.refunded_kopecks;
  const amount = refund.amountKopecks ?? left;
  if (amount < 1 || amount > left) return { ok: false, reason: "too_much" };
  const { data: offer } = await service.from("offers").select("title").eq("id", order.offer_id).single();
  const made = await provider.createRefund({
    idempotenceKey: `refund-${order.id}-${order.refunded_kopecks}-${amount}`,
    paymentId: order.payment_id,
    amountKopecks: amount,
    ...(amount < order.amount_kopecks ? { receipt: receiptFor({ email: order.buyer_email, title: offer!.title, amountKopecks: amount }, refund.receipt) } : {}),
  });
  const { data, error } = await service.rpc("record_order_refund", {
    _order_id: order.id,
    _amount_kopecks: made.amountKopecks,
    _refund_id: made.id,
    _actor_id: refund.adminId,
  });
  if (error) throw error;
  return { ok: true, full: data === "refunded" || (data === "already_recorded" && amount === left) };
}
