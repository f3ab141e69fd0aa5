import { describe, expect, it } from "vitest";
import { refundAmount, refundSchema, rublesToKopecks } from "./orders";

const ORDER = "3f31e518-c15b-4c8b-8f5d-aad1787084d2";

describe("rublesToKopecks", () => {
  it.each([
    ["4900", 490000],
    ["4900,5", 490050],
    ["4900.50", 490050],
    ["4 900,05", 490005],
    ["0,01", 1],
  ])("%s → %i", (text, kopecks) => expect(rublesToKopecks(text)).toBe(kopecks));

  it("refuses what is not an amount of rubles", () => {
    for (const text of ["", "4900,505", "-1", "1e3", "четыре", "12345678"]) expect(rublesToKopecks(text)).toBeNull();
  });
});

describe("refundAmount", () => {
  it("takes an amount in rubles, or nothing for the whole rest, and refuses the rest", () => {
    expect(refundSchema.parse({ orderId: ORDER, amount: " 1000,50 " })).toEqual({ orderId: ORDER, amount: "1000,50" });
    expect(refundAmount("1000,50")).toBe(100050);
    expect(refundAmount("")).toBeNull();
    expect(refundAmount("0")).toBeUndefined();
    expect(refundAmount("много")).toBeUndefined();
  });
});
