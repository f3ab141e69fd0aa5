import { describe, expect, it } from "vitest";
import { moscowDayAfter, moscowDayStart, orderFiltersQuery, parseOrderFilters, refundAmount, refundSchema } from "./orders";

const ORDER = "3f31e518-c15b-4c8b-8f5d-aad1787084d2";

describe("refundAmount", () => {
  it("takes an amount in rubles, or nothing for the whole rest, and refuses the rest", () => {
    expect(refundSchema.parse({ orderId: ORDER, amount: " 1000,50 " })).toEqual({ orderId: ORDER, amount: "1000,50" });
    expect(refundAmount("1000,50")).toBe(100050);
    expect(refundAmount("")).toBeNull();
    expect(refundAmount("0")).toBeUndefined();
    expect(refundAmount("много")).toBeUndefined();
  });
});

describe("the orders page's filters", () => {
  it("reads a status, a course and a period from the address, and nothing it cannot read", () => {
    const filters = parseOrderFilters({ status: "paid", offer: ORDER.toUpperCase(), from: "2027-01-01", to: "2027-01-31" });
    expect(filters).toEqual({ status: "paid", offerId: ORDER, from: "2027-01-01", to: "2027-01-31" });
    expect(parseOrderFilters({ status: "stolen", offer: "x", from: "2027-02-30", to: ["2027-13-01"] })).toEqual({ status: null, offerId: null, from: null, to: null });
    expect(orderFiltersQuery(filters, { status: null })).toBe(`?offer=${ORDER}&from=2027-01-01&to=2027-01-31`);
    expect(orderFiltersQuery({ status: null, offerId: null, from: null, to: null })).toBe("");
  });

  it("bounds a period by Moscow days", () => {
    expect(moscowDayStart("2027-01-10")).toBe("2027-01-09T21:00:00.000Z");
    expect(moscowDayAfter("2027-01-10")).toBe("2027-01-10T21:00:00.000Z");
  });
});
