import { describe, expect, it } from "vitest";
import { refundAmount, refundSchema } from "./orders";

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
