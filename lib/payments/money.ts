/**
 * Money is an integer of kopecks everywhere in the school (issue 45). ЮKassa speaks decimal strings
 * with two places ("4900.00"): these convert exactly, with no floating point in between.
 */

const DECIMAL = /^(\d{1,10})\.(\d{2})$/;

/** 490000 → "4900.00". */
export function kopecksToDecimal(kopecks: number): string {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) throw new RangeError(`not an amount of kopecks: ${kopecks}`);
  return `${Math.trunc(kopecks / 100)}.${String(kopecks % 100).padStart(2, "0")}`;
}

/** "4900.00" → 490000; null for anything that is not a decimal with exactly two places. */
export function decimalToKopecks(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = DECIMAL.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}

/** A price: «4 900 ₽», «4 900,50 ₽», «Бесплатно» for a price of nothing. */
export function formatRubles(kopecks: number): string {
  return kopecks === 0 ? "Бесплатно" : formatSum(kopecks);
}

/** A sum of money: «0 ₽», «4 900,50 ₽», «−1 000 ₽». */
export function formatSum(kopecks: number): string {
  const whole = Math.abs(kopecks);
  const rubles = Math.trunc(whole / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const rest = whole % 100;
  return `${kopecks < 0 ? "−" : ""}${rubles}${rest ? `,${String(rest).padStart(2, "0")}` : ""}\u00a0₽`;
}

/** The most an offer may cost: 1 000 000 ₽ (the database's offers_price_range). */
export const MAX_PRICE_KOPECKS = 100_000_000;

const RUBLES_INPUT = /^(\d{1,9})(?:[.,](\d{1,2}))?$/;

/**
 * A price as the owner types it, in rubles: «4900», «4900,50», «4 900.5» → kopecks, exactly (the
 * string is split, never read as a float); null for anything else (a sign, three decimals, letters).
 */
export function rublesInputToKopecks(value: string): number | null {
  const match = RUBLES_INPUT.exec(value.trim().replace(/[\s\u00a0\u202f]/g, ""));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** 490050 → «4900,50», 490000 → «4900»: what the price field shows again. */
export function kopecksToRublesInput(kopecks: number): string {
  const rest = kopecks % 100;
  return `${Math.trunc(kopecks / 100)}${rest ? `,${String(rest).padStart(2, "0")}` : ""}`;
}
