import { describe, expect, it } from "vitest";
import { checkoutSchema } from "./checkout";

const OFFER = "3f31e518-c15b-4c8b-8f5d-aad1787084d2";

describe("checkoutSchema", () => {
  it("takes an offer, an optional promo code and the accepted agreement", () => {
    expect(checkoutSchema.parse({ offerId: OFFER, code: " VESNA-2027 ", terms: "on" })).toEqual({ offerId: OFFER, code: "VESNA-2027", terms: "on" });
    expect(checkoutSchema.parse({ offerId: OFFER, code: "", terms: "on" }).code).toBe("");
  });

  it("refuses in Russian: no agreement, a code of other letters, a strange offer", () => {
    const messages = (input: Record<string, unknown>) => checkoutSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(messages({ offerId: OFFER, code: "" })).toEqual(["Чтобы купить курс, примите условия договора-оферты"]);
    expect(messages({ offerId: OFFER, code: "ВЕСНА", terms: "on" })).toEqual(["Промокод состоит из латинских букв, цифр, дефиса и подчёркивания"]);
    expect(messages({ offerId: "x", code: "", terms: "on" })).toEqual(["Курс не найден"]);
  });
});
