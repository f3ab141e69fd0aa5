import { describe, expect, it } from "vitest";
import { formatMoscowTime } from "./dates";

describe("formatMoscowTime", () => {
  it("shows the moment in Moscow time, whatever zone it was stored in", () => {
    expect(formatMoscowTime("2026-11-12T07:05:00Z")).toBe("12 нояб. 2026 г., 10:05 МСК");
    expect(formatMoscowTime("2026-12-31T22:30:00+00:00")).toBe("1 янв. 2027 г., 01:30 МСК");
  });
});
