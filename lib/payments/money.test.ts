import { describe, expect, it } from "vitest";
import { decimalToKopecks, formatRubles, kopecksToDecimal } from "./money";

describe("money in kopecks", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [490000, "4900.00"],
    [499999, "4999.99"],
    [100000000, "1000000.00"],
  ])("%i kopecks ↔ %s", (kopecks, decimal) => {
    expect(kopecksToDecimal(kopecks)).toBe(decimal);
    expect(decimalToKopecks(decimal)).toBe(kopecks);
  });

  it("refuses what is not an exact amount", () => {
    for (const value of ["4900", "4900.0", "4900.000", "-1.00", "1e3.00", " 1.00", 4900, null]) expect(decimalToKopecks(value)).toBeNull();
    expect(() => kopecksToDecimal(0.5)).toThrow(RangeError);
    expect(() => kopecksToDecimal(-1)).toThrow(RangeError);
  });

  it("writes prices as a Russian reader expects", () => {
    expect(formatRubles(490000)).toBe("4\u00a0900\u00a0₽");
    expect(formatRubles(1234567890)).toBe("12\u00a0345\u00a0678,90\u00a0₽");
    expect(formatRubles(99)).toBe("0,99\u00a0₽");
    expect(formatRubles(0)).toBe("Бесплатно");
  });
});
