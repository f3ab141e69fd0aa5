/**
 * ЮKassa's amounts are decimal strings («4900.00»). They are read and written here exactly, as
 * integers of kopecks (BigInt), never through a float: "4900.00" ↔ 490000n.
 */

/** An amount's `value` as this stand-in accepts it: digits, a point, exactly two decimals. */
const VALUE = /^(0|[1-9]\d{0,15})\.(\d{2})$/;

/** Kopecks of a `value` string, or null when it is not a decimal with two places. */
export function parseValue(value: unknown): bigint | null {
  if (typeof value !== "string") return null;
  const match = VALUE.exec(value);
  return match ? BigInt(match[1]) * 100n + BigInt(match[2]) : null;
}

/** The `value` string of an amount in kopecks: 490000n → "4900.00". */
export function formatValue(kopecks: bigint): string {
  const sign = kopecks < 0n ? "-" : "";
  const abs = kopecks < 0n ? -kopecks : kopecks;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * A receipt line's quantity in thousandths (ЮKassa: a decimal number with at most three
 * decimals, sent as a JSON number or a string), or null when it is not a positive one.
 */
export function parseQuantity(quantity: unknown): bigint | null {
  let text: string;
  if (typeof quantity === "number") {
    if (!Number.isFinite(quantity) || quantity <= 0) return null;
    text = String(quantity);
  } else if (typeof quantity === "string") text = quantity;
  else return null;
  const match = /^(\d{1,12})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const thousandths = BigInt(match[1]) * 1000n + BigInt((match[2] ?? "").padEnd(3, "0"));
  return thousandths > 0n ? thousandths : null;
}

/** «4 900,00 ₽» as the payment page shows it (no-break spaces, as Intl's ru-RU writes them). */
export function formatRubles(kopecks: bigint): string {
  const rubles = (kopecks / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return `${rubles},${(kopecks % 100n).toString().padStart(2, "0")}\u00a0₽`;
}
