import { describe, expect, it } from "vitest";
import { promoCodeSchema } from "./promo-codes";

const OFFER = "3f31e518-c15b-4c8b-8f5d-aad1787084d2";
const base = { code: "VESNA", kind: "percent", value: "15", offerId: "", maxUses: "", expiresAt: "" };

describe("promoCodeSchema", () => {
  it("takes a percentage or an amount in rubles, for one course or all, with a limit and an end in Moscow time", () => {
    expect(promoCodeSchema.parse(base)).toEqual({ code: "VESNA", percent_off: 15, amount_off_kopecks: null, offer_ids: null, max_uses: null, expires_at: null });
    expect(promoCodeSchema.parse({ ...base, kind: "amount", value: "499,90", offerId: OFFER, maxUses: "10", expiresAt: "2027-03-01T10:00" })).toEqual({
      code: "VESNA",
      percent_off: null,
      amount_off_kopecks: 49990,
      offer_ids: [OFFER],
      max_uses: 10,
      expires_at: "2027-03-01T07:00:00.000Z",
    });
  });

  it("says in Russian what is wrong, on its field", () => {
    const issues = (input: Record<string, string>) => promoCodeSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ ...base, code: "ВЕСНА" })).toEqual([["code", "Код — от 3 до 40 латинских букв, цифр, дефисов и подчёркиваний"]]);
    expect(issues({ ...base, value: "150" })).toEqual([["value", "Скидка в процентах — целое число от 1 до 100"]]);
    expect(issues({ ...base, kind: "amount", value: "0" })).toEqual([["value", "Скидка в рублях, например 500 или 499,90"]]);
    expect(issues({ ...base, maxUses: "0" })).toEqual([["maxUses", "Число использований — целое, от 1"]]);
    expect(issues({ ...base, expiresAt: "2027-02-30T10:00" })).toEqual([["expiresAt", "Такой даты нет в календаре: 30.02.2027"]]);
  });
});
