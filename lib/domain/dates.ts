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
