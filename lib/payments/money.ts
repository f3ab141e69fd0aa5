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

/** «4 900 ₽», «4 900,50 ₽», «Бесплатно» for a price of nothing. */
export function formatRubles(kopecks: number): string {
  if (kopecks === 0) return "Бесплатно";
  const rubles = Math.trunc(kopecks / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  const rest = kopecks % 100;
  return `${rubles}${rest ? `,${String(rest).padStart(2, "0")}` : ""}\u00a0₽`;
}
