import { describe, expect, it } from "vitest";
import { formatMoscowDate, formatMoscowShort, formatMoscowTime, isoToMoscowInput, parseMoscowInput } from "./dates";

describe("formatMoscowTime", () => {
  it("shows the moment in Moscow time, whatever zone it was stored in", () => {
    expect(formatMoscowTime("2026-11-12T07:05:00Z")).toBe("12 нояб. 2026 г., 10:05 МСК");
    expect(formatMoscowTime("2026-12-31T22:30:00+00:00")).toBe("1 янв. 2027 г., 01:30 МСК");
  });
});

describe("formatMoscowDate", () => {
  it.each([
    ["2026-11-28T12:00:00Z", "28 ноября 2026 г."],
    // Moscow's day starts at 21:00 UTC the day before.
    ["2026-11-28T20:59:59Z", "28 ноября 2026 г."],
    ["2026-11-28T21:00:00Z", "29 ноября 2026 г."],
    ["2026-12-31T22:30:00+00:00", "1 января 2027 г."],
    ["2027-05-09T00:30:00+03:00", "9 мая 2027 г."],
  ])("%s is %s", (iso, day) => expect(formatMoscowDate(iso)).toBe(day));
});

describe("Moscow date inputs", () => {
  it("reads a datetime-local value as Moscow time and writes it back", () => {
    expect(parseMoscowInput("2027-01-12T10:00")).toEqual({ ok: true, iso: "2027-01-12T07:00:00.000Z" });
    expect(isoToMoscowInput("2027-01-12T07:00:00.000Z")).toBe("2027-01-12T10:00");
    expect(isoToMoscowInput("2026-12-31T22:30:00+00:00")).toBe("2027-01-01T01:30");
  });

  it.each([
    // Moscow is UTC+3 all year: no daylight saving shift in summer, and early morning is the day before in UTC.
    ["2027-07-15T12:00", "2027-07-15T09:00:00.000Z"],
    ["2027-01-01T00:00", "2026-12-31T21:00:00.000Z"],
    ["2027-01-01T02:59", "2026-12-31T23:59:00.000Z"],
    ["2027-12-31T23:59", "2027-12-31T20:59:00.000Z"],
    // 29 February exists in leap years only (2000 is one: divisible by 400).
    ["2028-02-29T10:00", "2028-02-29T07:00:00.000Z"],
    ["2000-02-29T10:00", "2000-02-29T07:00:00.000Z"],
    ["2027-02-28T23:59", "2027-02-28T20:59:00.000Z"],
    ["2027-04-30T10:00", "2027-04-30T07:00:00.000Z"],
    ["2027-03-31T10:00", "2027-03-31T07:00:00.000Z"],
    ["2100-12-31T23:59", "2100-12-31T20:59:00.000Z"],
  ])("keeps %s exactly", (value, iso) => {
    expect(parseMoscowInput(value)).toEqual({ ok: true, iso });
    expect(isoToMoscowInput(iso)).toBe(value);
  });

  it.each([
    ["2027-02-30T10:00", "Такой даты нет в календаре: 30.02.2027"],
    ["2027-02-29T10:00", "Такой даты нет в календаре: 29.02.2027"],
    ["2100-02-29T10:00", "Такой даты нет в календаре: 29.02.2100"],
    ["2027-04-31T10:00", "Такой даты нет в календаре: 31.04.2027"],
    ["2027-06-31T10:00", "Такой даты нет в календаре: 31.06.2027"],
    ["2027-01-32T10:00", "Такой даты нет в календаре: 32.01.2027"],
    ["2027-01-00T10:00", "Такой даты нет в календаре: 00.01.2027"],
    ["2027-13-01T10:00", "Такой даты нет в календаре: 01.13.2027"],
    ["2027-00-10T10:00", "Такой даты нет в календаре: 10.00.2027"],
    ["2027-13-45T10:00", "Такой даты нет в календаре: 45.13.2027"],
    ["2027-01-12T24:00", "Такого времени нет: 24:00 (от 00:00 до 23:59)"],
    ["2027-01-12T10:60", "Такого времени нет: 10:60 (от 00:00 до 23:59)"],
    ["2027-01-12T99:99", "Такого времени нет: 99:99 (от 00:00 до 23:59)"],
    ["0000-01-12T10:00", "Укажите год от 2000 до 2100"],
    ["0202-01-12T10:00", "Укажите год от 2000 до 2100"],
    ["1999-12-31T23:59", "Укажите год от 2000 до 2100"],
    ["2101-01-01T00:00", "Укажите год от 2000 до 2100"],
    ["9999-12-31T23:59", "Укажите год от 2000 до 2100"],
  ])("refuses %s: «%s»", (value, error) => {
    expect(parseMoscowInput(value)).toEqual({ ok: false, error });
  });

  it.each([
    "",
    "12.01.2027 10:00",
    "2027-01-12",
    "2027-01-12 10:00",
    "2027-01-12T10:00:00",
    "2027-01-12T10:00Z",
    "2027-01-12T10:00+03:00",
    "+02027-01-12T10:00",
    "20277-01-12T10:00",
    "2027-1-12T10:00",
    "2027-01-12T1:00",
    " 2027-01-12T10:00",
    "2027-01-12T10:00\n",
    "２０２７-01-12T10:00",
  ])("asks for a date and time instead of %j", (value) => {
    expect(parseMoscowInput(value)).toEqual({ ok: false, error: "Укажите дату и время" });
  });

  it("formats the short form for access notes, with the year only outside the current one", () => {
    const now = new Date("2027-06-01T12:00:00Z");
    expect(formatMoscowShort("2027-01-12T07:00:00Z", now)).toBe("12.01 в 10:00 МСК");
    expect(formatMoscowShort("2028-01-12T07:00:00Z", now)).toBe("12.01.2028 в 10:00 МСК");
    expect(formatMoscowShort("2026-12-01T07:00:00Z", now)).toBe("01.12.2026 в 10:00 МСК");
  });

  it.each([
    // The year is Moscow's on both sides: 31 December 22:30 UTC is already the next year in Moscow.
    ["2026-12-31T22:30:00Z", "2027-01-01T00:00:00Z", "01.01 в 01:30 МСК"],
    ["2026-12-31T20:00:00Z", "2027-01-01T00:00:00Z", "31.12.2026 в 23:00 МСК"],
    ["2027-01-12T07:00:00Z", "2026-12-31T21:30:00Z", "12.01 в 10:00 МСК"],
    ["2027-01-12T07:00:00Z", "2026-12-31T20:30:00Z", "12.01.2027 в 10:00 МСК"],
  ])("dates %s seen at %s as «%s»", (iso, now, text) => {
    expect(formatMoscowShort(iso, new Date(now))).toBe(text);
  });
});
