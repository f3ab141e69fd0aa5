import { describe, expect, it } from "vitest";
import { decimalToKopecks, formatRubles, formatSum, kopecksToDecimal, kopecksToRublesInput, rublesInputToKopecks } from "./money";

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

describe("a price typed in rubles", () => {
  it.each([
    ["4900", 490000],
    ["4900,50", 490050],
    ["4900.5", 490050],
    ["4900,05", 490005],
    ["0", 0],
    ["0,99", 99],
    ["4 900", 490000],
    ["4\u00a0900,50", 490050],
    [" 12 ", 1200],
    ["1000000", 100000000],
    ["0,1", 10],
    // Floats would make this 1.1 * 100 = 110.00000000000001.
    ["1,1", 110],
    ["19,99", 1999],
  ])("«%s» is %i kopecks", (typed, kopecks) => {
    expect(rublesInputToKopecks(typed)).toBe(kopecks);
  });

  it("refuses what is not a price", () => {
    for (const typed of ["", " ", "-1", "+1", "4900,505", "4900,", ",50", "1e3", "4900р", "четыре", "1.000.000", "1234567890", "0x10", "4900,5,0"]) {
      expect(rublesInputToKopecks(typed), typed).toBeNull();
    }
  });

  it("shows kopecks back as the owner types them", () => {
    for (const kopecks of [0, 5, 99, 490000, 490050, 490005, 100000000]) expect(rublesInputToKopecks(kopecksToRublesInput(kopecks))).toBe(kopecks);
    expect(kopecksToRublesInput(490050)).toBe("4900,50");
    expect(kopecksToRublesInput(490000)).toBe("4900");
  });
});

describe("formatSum", () => {
  it("writes a sum, nothing and a loss included", () => {
    expect(formatSum(0)).toBe("0\u00a0₽");
    expect(formatSum(600000)).toBe("6\u00a0000\u00a0₽");
    expect(formatSum(-100050)).toBe("−1\u00a0000,50\u00a0₽");
  });
});
