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

const moscowDay = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Moscow" });

/** «28 ноября 2026 г.»: the day in Moscow, without the time. */
export function formatMoscowDate(iso: string): string {
  return moscowDay.format(new Date(iso));
}

/** Moscow has kept UTC+3 all year since 2014, with no daylight saving time. */
const MOSCOW_OFFSET_HOURS = 3;

/** Years a grant's date may name: anything else is a typo (0202, 2207), not a plan. */
export const MOSCOW_INPUT_YEARS = { min: 2000, max: 2100 } as const;

export type MoscowInput = { ok: true; iso: string } | { ok: false; error: string };

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A `datetime-local` value typed in Moscow time («2027-01-12T10:00») as an instant. Only a day that
 * is on the calendar and a time on the clock: `Date` would roll 30 February over to 2 March and
 * 24:00 to the next day, saving a moment nobody chose.
 */
export function parseMoscowInput(value: string): MoscowInput {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return { ok: false, error: "Укажите дату и время" };
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const [yyyy, mm, dd, hh, min] = match.slice(1);
  if (year < MOSCOW_INPUT_YEARS.min || year > MOSCOW_INPUT_YEARS.max) {
    return { ok: false, error: `Укажите год от ${MOSCOW_INPUT_YEARS.min} до ${MOSCOW_INPUT_YEARS.max}` };
  }
  const daysInMonth = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1];
  if (!daysInMonth || day < 1 || day > daysInMonth) return { ok: false, error: `Такой даты нет в календаре: ${dd}.${mm}.${yyyy}` };
  if (hour > 23 || minute > 59) return { ok: false, error: `Такого времени нет: ${hh}:${min} (от 00:00 до 23:59)` };
  return { ok: true, iso: new Date(Date.UTC(year, month - 1, day, hour - MOSCOW_OFFSET_HOURS, minute)).toISOString() };
}

/** An instant as a `datetime-local` value in Moscow time. */
export function isoToMoscowInput(iso: string): string {
  const moscowMs = new Date(iso).getTime() + MOSCOW_OFFSET_HOURS * 60 * 60 * 1000;
  return new Date(moscowMs).toISOString().slice(0, 16);
}

const moscowShort = new Intl.DateTimeFormat("ru-RU", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "Europe/Moscow",
});

const moscowParts = (date: Date) => Object.fromEntries(moscowShort.formatToParts(date).map((part) => [part.type, part.value]));

/**
 * «12.01 в 10:00 МСК» in the current Moscow year, «12.01.2027 в 10:00 МСК» in any other: a badge
 * without the year reads as this year's date.
 */
export function formatMoscowShort(iso: string, now: Date = new Date()): string {
  const parts = moscowParts(new Date(iso));
  const year = parts.year === moscowParts(now).year ? "" : `.${parts.year}`;
  return `${parts.day}.${parts.month}${year} в ${parts.hour}:${parts.minute} МСК`;
}
