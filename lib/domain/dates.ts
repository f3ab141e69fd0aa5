/** Dates for people: the school runs on Moscow time, whatever the server's zone. */

const moscow = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

/** «12 нояб. 2026 г., 10:05 МСК». */
export function formatMoscowTime(iso: string): string {
  return `${moscow.format(new Date(iso))} МСК`;
}

/** Moscow has kept UTC+3 all year since 2014. */
const MOSCOW_OFFSET = "+03:00";

/** A `datetime-local` value typed in Moscow time («2027-01-12T10:00») as an instant; null when empty or malformed. */
export function moscowInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const instant = new Date(`${value}:00${MOSCOW_OFFSET}`);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

/** An instant as a `datetime-local` value in Moscow time. */
export function isoToMoscowInput(iso: string): string {
  const moscowMs = new Date(iso).getTime() + 3 * 60 * 60 * 1000;
  return new Date(moscowMs).toISOString().slice(0, 16);
}

const moscowShort = new Intl.DateTimeFormat("ru-RU", {
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

/** «12.01 в 10:00 МСК». */
export function formatMoscowShort(iso: string): string {
  const parts = Object.fromEntries(moscowShort.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.day}.${parts.month} в ${parts.hour}:${parts.minute} МСК`;
}
