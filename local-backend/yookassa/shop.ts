import { randomBytes } from "node:crypto";
import type { Amount } from "./validate";

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

export interface PaymentRecord {
  payment: YookassaPayment;
  kopecks: bigint;
  refundedKopecks: bigint;
  returnUrl: string;
  receipt: Record<string, unknown>;
}

/** One stand-in's shop: its settings and its state, shared by the payments, the refunds and the routes. */
export interface Shop {
  shopId: string;
  secretKey: string;
  recipient: YookassaPayment["recipient"];
  /** `http://127.0.0.1:<port>`, set once the server listens. */
  baseUrl: string;
  payments: Map<string, PaymentRecord>;
  refunds: Map<string, YookassaRefund>;
  notify(event: YookassaEvent, object: YookassaPayment | YookassaRefund): void;
  log(line: string): void;
}

/** ЮKassa's ids look like uuids with a fixed middle ("2f3b588d-000f-5000-8000-1d6e87c7fbde"). */
export function objectId(kind: string): string {
  const time = Math.floor(Date.now() / 1000).toString(16).padStart(8, "0").slice(-8);
  const random = randomBytes(8).toString("hex");
  return `${time}-${kind}-5000-${"89ab"[random.charCodeAt(0) % 4]}000-${random.slice(4, 16)}`;
}

export const clone = <T>(value: T): T => structuredClone(value);
