import type { Receipt } from "./receipt";

/**
 * What the school needs of a payment provider. ЮKassa is the first (lib/payments/yookassa.ts); T-Bank
 * or CloudPayments would be another implementation of this, not a rewrite. Amounts are kopecks.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Creates a payment once per idempotence key: asked again with the same key, the same payment. */
  createPayment(request: PaymentRequest): Promise<ProviderPayment>;
  /** The payment as the provider sees it now; null when it has no such payment. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** Refunds some or all of a succeeded payment, once per idempotence key. */
  createRefund(request: RefundRequest): Promise<ProviderRefund>;
  /** The refund as the provider sees it now; null when it has no such refund. */
  getRefund(id: string): Promise<ProviderRefund | null>;
}

export interface PaymentRequest {
  idempotenceKey: string;
  amountKopecks: number;
  description: string;
  returnUrl: string;
  orderId: string;
  receipt: Receipt;
}

export interface ProviderPayment {
  id: string;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  amountKopecks: number;
  currency: string;
  /** The school's order the payment was created for (its metadata). */
  orderId: string | null;
  /** Where the buyer pays, while the payment waits for them. */
  confirmationUrl: string | null;
}

export interface RefundRequest {
  idempotenceKey: string;
  paymentId: string;
  amountKopecks: number;
  /** A partial refund carries a receipt of what is returned; a full one reuses the payment's. */
  receipt?: Receipt;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  status: "pending" | "succeeded" | "canceled";
  amountKopecks: number;
}

/** The provider did not answer, or answered with an error: the buyer reads this, the log the cause. */
export class PaymentProviderError extends Error {
  constructor(
    // What went wrong, for the log (in English, as the provider said it); `message` is the buyer's.
    readonly detail: string,
    message = "Платёжный сервис сейчас не отвечает. Попробуйте ещё раз через минуту",
  ) {
    super(message);
  }
}
