import { kopecksToDecimal } from "./money";

/**
 * A 54-FZ receipt for ЮKassa's `receipt` object (../shared/docs/payments-ru.md): the buyer's e-mail,
 * one item per order with its description, quantity, amount, VAT code, subject, mode and measure.
 * Which VAT code, mode and tax system apply is the school's accountant's call: configuration, not code.
 */

export const PAYMENT_MODES = ["full_payment", "full_prepayment"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export interface ReceiptSettings {
  /** 1 без НДС, 2 0 %, 3 10 %, 4 20 %, 5–6 calculated rates, 7–10 the USN rates of 2025. */
  vatCode: number;
  /** full_payment when access opens at once; full_prepayment for a cohort that starts later. */
  paymentMode: PaymentMode;
  /** 1–6 where the shop has several tax systems. */
  taxSystemCode: number | null;
}

export interface ReceiptItem {
  description: string;
  quantity: string;
  amount: { value: string; currency: "RUB" };
  vat_code: number;
  payment_subject: "service";
  payment_mode: PaymentMode;
  measure: "piece";
}

export interface Receipt {
  customer: { email: string };
  items: ReceiptItem[];
  tax_system_code?: number;
}

/** ЮKassa keeps a receipt item's description to 128 characters. */
const DESCRIPTION_LIMIT = 128;

/** The receipt for one offer bought at `amountKopecks` by `email`. */
export function receiptFor(purchase: { email: string; title: string; amountKopecks: number }, settings: ReceiptSettings): Receipt {
  return {
    customer: { email: purchase.email },
    items: [
      {
        description: [...purchase.title].slice(0, DESCRIPTION_LIMIT).join(""),
        quantity: "1",
        amount: { value: kopecksToDecimal(purchase.amountKopecks), currency: "RUB" },
        vat_code: settings.vatCode,
        payment_subject: "service",
        payment_mode: settings.paymentMode,
        measure: "piece",
      },
    ],
    ...(settings.taxSystemCode ? { tax_system_code: settings.taxSystemCode } : {}),
  };
}

/** The school's receipt settings from the environment (docs/deployment.md), with what a school without VAT uses. */
export function receiptSettings(env: Record<string, string | undefined> = process.env): ReceiptSettings {
  const vatCode = Number(env.SCHOOL_RECEIPT_VAT_CODE ?? "1");
  const paymentMode = (env.SCHOOL_RECEIPT_PAYMENT_MODE ?? "full_payment") as PaymentMode;
  const taxSystemCode = env.SCHOOL_TAX_SYSTEM_CODE ? Number(env.SCHOOL_TAX_SYSTEM_CODE) : null;
  if (!Number.isInteger(vatCode) || vatCode < 1 || vatCode > 10) throw new Error("SCHOOL_RECEIPT_VAT_CODE must be 1–10 (docs/deployment.md).");
  if (!PAYMENT_MODES.includes(paymentMode)) throw new Error("SCHOOL_RECEIPT_PAYMENT_MODE must be full_payment or full_prepayment (docs/deployment.md).");
  if (taxSystemCode !== null && (!Number.isInteger(taxSystemCode) || taxSystemCode < 1 || taxSystemCode > 6)) {
    throw new Error("SCHOOL_TAX_SYSTEM_CODE must be 1–6 (docs/deployment.md).");
  }
  return { vatCode, paymentMode, taxSystemCode };
}
