import { describe, expect, it } from "vitest";
import { formatMoscowShort, formatMoscowTime, isoToMoscowInput, moscowInputToIso } from "./dates";

describe("formatMoscowTime", () => {
  it("shows the moment in Moscow time, whatever zone it was stored in", () => {
    expect(formatMoscowTime("2026-11-12T07:05:00Z")).toBe("12 нояб. 2026 г., 10:05 МСК");
    expect(formatMoscowTime("2026-12-31T22:30:00+00:00")).toBe("1 янв. 2027 г., 01:30 МСК");
  });
});

describe("Moscow date inputs", () => {
  it("reads a datetime-local value as Moscow time and writes it back", () => {
    expect(moscowInputToIso("2027-01-12T10:00")).toBe("2027-01-12T07:00:00.000Z");
    expect(isoToMoscowInput("2027-01-12T07:00:00.000Z")).toBe("2027-01-12T10:00");
    expect(isoToMoscowInput("2026-12-31T22:30:00+00:00")).toBe("2027-01-01T01:30");
  });

  it.each(["", "12.01.2027 10:00", "2027-13-45T10:00", "2027-01-12"])("has no instant for %j", (value) => {
    expect(moscowInputToIso(value)).toBeNull();
  });

  it("formats the short form for access notes", () => {
    expect(formatMoscowShort("2027-01-12T07:00:00Z")).toBe("12.01 в 10:00 МСК");
  });
});
