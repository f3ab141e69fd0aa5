import { parseQuantity, parseValue } from "./money";

/**
 * The checks of a payment's and a refund's request, each refusal naming the `parameter` as
 * ЮKassa's 400 `invalid_request` does ("receipt.items[0].vat_code"). Limits are ЮKassa's
 * (yookassa.ru/developers/api, …/payment-acceptance/receipts/54fz/parameters-values); where ЮKassa
 * is looser than the school's shop (a receipt is always required, one-stage payments only, RUB only,
 * two decimals), the stand-in is stricter on purpose, so the app cannot drift from what it must send.
 */
export interface Refusal {
  parameter: string;
  description: string;
}

export interface Amount {
  value: string;
  currency: string;
}

export interface PaymentRequest {
  amount: Amount;
  kopecks: bigint;
  description?: string;
  metadata: Record<string, string>;
  returnUrl: string;
  receipt: Record<string, unknown>;
}

export interface RefundRequest {
  paymentId: string;
  amount: Amount;
  kopecks: bigint;
  description?: string;
  receipt?: Record<string, unknown>;
}

type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const refuse = (parameter: string, description: string): { ok: false; refusal: Refusal } => ({
  ok: false,
  refusal: { parameter, description },
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The currencies this stand-in's shop takes: the school sells in roubles only. */
const CURRENCIES = new Set(["RUB"]);

export const VAT_CODES = { min: 1, max: 10 };

/** `payment_subject` values (FFD 1.05 and 1.2). */
export const PAYMENT_SUBJECTS = new Set([
  "commodity", "excise", "job", "service", "gambling_bet", "gambling_prize", "lottery", "lottery_prize",
  "intellectual_activity", "payment", "agent_commission", "composite", "another", "property_right",
  "non_operating_gain", "insurance_premium", "sales_tax", "resort_fee", "marked", "non_marked",
  "marked_excise", "non_marked_excise", "fine", "tax", "lien", "cost", "pension_insurance_without_payouts",
  "pension_insurance_with_payouts", "health_insurance_without_payouts", "health_insurance_with_payouts",
  "health_insurance", "casino", "agent_withdrawals",
]);

/** `payment_mode` values. */
export const PAYMENT_MODES = new Set([
  "full_prepayment", "partial_prepayment", "advance", "full_payment", "partial_payment", "credit", "credit_payment",
]);

/** `measure` values (FFD 1.2; required by «Чеки от ЮKassa»). */
export const MEASURES = new Set([
  "piece", "gram", "kilogram", "ton", "centimeter", "decimeter", "meter", "square_centimeter", "square_decimeter",
  "square_meter", "milliliter", "liter", "cubic_meter", "kilowatt_hour", "gigacalorie", "day", "hour", "minute",
  "second", "kilobyte", "megabyte", "gigabyte", "terabyte", "another",
]);

function amountOf(value: unknown, parameter: string, currency?: string): Result<{ amount: Amount; kopecks: bigint }> {
  if (!isObject(value)) return refuse(parameter, `Parameter ${parameter} is missing or illegal`);
  const kopecks = parseValue(value.value);
  if (kopecks === null) {
    return refuse(`${parameter}.value`, `Illegal value: a decimal string with two places is expected (e.g. "4900.00")`);
  }
  if (kopecks <= 0n) return refuse(`${parameter}.value`, "The amount must be greater than zero");
  if (typeof value.currency !== "string" || !CURRENCIES.has(value.currency)) {
    return refuse(`${parameter}.currency`, "Illegal currency: this shop accepts RUB");
  }
  if (currency && value.currency !== currency) {
    return refuse(`${parameter}.currency`, `The currency must be the payment's (${currency})`);
  }
  return { ok: true, value: { amount: { value: value.value as string, currency: value.currency }, kopecks } };
}

function optionalText(value: unknown, parameter: string, max: number): Result<string | undefined> {
  if (value === undefined) return { ok: true, value: undefined };
  if (typeof value !== "string") return refuse(parameter, `Parameter ${parameter} must be a string`);
  if ([...value].length > max) return refuse(parameter, `Parameter ${parameter} is longer than ${max} characters`);
  return { ok: true, value };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{10,15}$/;

/**
 * A 54-FZ receipt of `total` kopecks: the buyer's e-mail or phone, 1–100 lines, each with its
 * description, quantity, price (`amount`, of one unit), VAT code, subject, mode and measure; the
 * lines' price × quantity sum to the total, to the kopeck.
 */
export function checkReceipt(receipt: unknown, total: bigint, currency: string): Result<Record<string, unknown>> {
  if (!isObject(receipt)) return refuse("receipt", "Receipt is missing or illegal");
  const customer = receipt.customer;
  if (!isObject(customer)) return refuse("receipt.customer", "Receipt customer is missing: specify customer.email or customer.phone");
  if (customer.email === undefined && customer.phone === undefined) {
    return refuse("receipt.customer", "Specify customer.email or customer.phone");
  }
  if (customer.email !== undefined && (typeof customer.email !== "string" || !EMAIL.test(customer.email))) {
    return refuse("receipt.customer.email", "Illegal e-mail address");
  }
  if (customer.phone !== undefined && (typeof customer.phone !== "string" || !PHONE.test(customer.phone))) {
    return refuse("receipt.customer.phone", "Illegal phone: ITU-T E.164 digits are expected, e.g. 79000000000");
  }
  for (const [key, max] of [["full_name", 256]] as const) {
    const text = optionalText(customer[key], `receipt.customer.${key}`, max);
    if (!text.ok) return text;
  }
  if (customer.inn !== undefined && (typeof customer.inn !== "string" || !/^(\d{10}|\d{12})$/.test(customer.inn))) {
    return refuse("receipt.customer.inn", "Illegal INN: 10 or 12 digits are expected");
  }
  if (receipt.tax_system_code !== undefined) {
    const code = receipt.tax_system_code;
    if (typeof code !== "number" || !Number.isInteger(code) || code < 1 || code > 6) {
      return refuse("receipt.tax_system_code", "Illegal tax_system_code: an integer from 1 to 6 is expected");
    }
  }
  const items = receipt.items;
  if (!Array.isArray(items) || items.length === 0) return refuse("receipt.items", "Receipt items are missing");
  if (items.length > 100) return refuse("receipt.items", "A receipt has at most 100 items");
  // Price (kopecks) × quantity (thousandths): thousandths of a kopeck, summed exactly.
  let sum = 0n;
  for (const [index, item] of items.entries()) {
    const at = `receipt.items[${index}]`;
    if (!isObject(item)) return refuse(at, "Receipt item is illegal");
    if (typeof item.description !== "string" || item.description.trim() === "") {
      return refuse(`${at}.description`, "Item description is missing");
    }
    if ([...item.description].length > 128) return refuse(`${at}.description`, "Item description is longer than 128 characters");
    const quantity = parseQuantity(item.quantity);
    if (quantity === null) return refuse(`${at}.quantity`, "Illegal quantity: a positive number with at most three decimals is expected");
    const price = amountOf(item.amount, `${at}.amount`, currency);
    if (!price.ok) return price;
    const vat = item.vat_code;
    if (typeof vat !== "number" || !Number.isInteger(vat) || vat < VAT_CODES.min || vat > VAT_CODES.max) {
      return refuse(`${at}.vat_code`, `Illegal vat_code: an integer from ${VAT_CODES.min} to ${VAT_CODES.max} is expected`);
    }
    if (typeof item.payment_subject !== "string" || !PAYMENT_SUBJECTS.has(item.payment_subject)) {
      return refuse(`${at}.payment_subject`, "Illegal payment_subject");
    }
    if (typeof item.payment_mode !== "string" || !PAYMENT_MODES.has(item.payment_mode)) {
      return refuse(`${at}.payment_mode`, "Illegal payment_mode");
    }
    if (typeof item.measure !== "string" || !MEASURES.has(item.measure)) {
      return refuse(`${at}.measure`, "Illegal measure: it is required for «Чеки от ЮKassa» and FFD 1.2 (e.g. piece)");
    }
    sum += price.value.kopecks * quantity;
  }
  if (sum !== total * 1000n) {
    return refuse("receipt.items", "The sum of the receipt items (amount × quantity) must equal the amount of the operation");
  }
  return { ok: true, value: receipt };
}

export function checkPayment(body: unknown): Result<PaymentRequest> {
  if (!isObject(body)) return refuse("body", "Request body is missing or is not a JSON object");
  const amount = amountOf(body.amount, "amount");
  if (!amount.ok) return amount;
  if (body.capture !== true) {
    return refuse("capture", "This stand-in takes one-stage payments only: send capture: true");
  }
  const confirmation = body.confirmation;
  if (!isObject(confirmation) || confirmation.type !== "redirect") {
    return refuse("confirmation.type", "This stand-in confirms by redirect only: send confirmation.type = redirect");
  }
  const returnUrl = confirmation.return_url;
  if (typeof returnUrl !== "string" || returnUrl.length > 2048 || !/^https?:\/\//i.test(returnUrl) || !URL.canParse(returnUrl)) {
    return refuse("confirmation.return_url", "Illegal return_url: an absolute http(s) URL of at most 2048 characters is expected");
  }
  const description = optionalText(body.description, "description", 128);
  if (!description.ok) return description;
  const metadata: Record<string, string> = {};
  if (body.metadata !== undefined && body.metadata !== null) {
    if (!isObject(body.metadata)) return refuse("metadata", "Metadata must be an object");
    const entries = Object.entries(body.metadata);
    if (entries.length > 16) return refuse("metadata", "Metadata has more than 16 keys");
    for (const [key, value] of entries) {
      if (key.length > 32) return refuse("metadata", `Metadata key ${key} is longer than 32 characters`);
      if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
        return refuse(`metadata.${key}`, "Metadata values must be strings");
      }
      if (String(value).length > 512) return refuse(`metadata.${key}`, "Metadata value is longer than 512 characters");
      metadata[key] = String(value);
    }
  }
  const receipt = checkReceipt(body.receipt, amount.value.kopecks, amount.value.amount.currency);
  if (!receipt.ok) return receipt;
  return {
    ok: true,
    value: {
      amount: amount.value.amount,
      kopecks: amount.value.kopecks,
      description: description.value,
      metadata,
      returnUrl,
      receipt: receipt.value,
    },
  };
}

/** A refund's own checks; what depends on the payment (status, what is left, the receipt rule) is the server's. */
export function checkRefund(body: unknown): Result<Omit<RefundRequest, "receipt"> & { receipt: unknown }> {
  if (!isObject(body)) return refuse("body", "Request body is missing or is not a JSON object");
  if (typeof body.payment_id !== "string" || body.payment_id === "") return refuse("payment_id", "Parameter payment_id is missing");
  const amount = amountOf(body.amount, "amount");
  if (!amount.ok) return amount;
  const description = optionalText(body.description, "description", 250);
  if (!description.ok) return description;
  return {
    ok: true,
    value: {
      paymentId: body.payment_id,
      amount: amount.value.amount,
      kopecks: amount.value.kopecks,
      description: description.value,
      receipt: body.receipt,
    },
  };
}
