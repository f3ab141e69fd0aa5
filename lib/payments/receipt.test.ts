import { describe, expect, it } from "vitest";
import { receiptFor, receiptSettings } from "./receipt";

describe("receiptFor: the 54-FZ receipt of one purchase", () => {
  it("names the buyer and one item with every field ЮKassa's receipts require", () => {
    expect(receiptFor({ email: "buyer@example.com", title: "Tech Founder: поток января", amountKopecks: 490000 }, receiptSettings({}))).toEqual({
      customer: { email: "buyer@example.com" },
      items: [
        {
          description: "Tech Founder: поток января",
          quantity: "1",
          amount: { value: "4900.00", currency: "RUB" },
          vat_code: 1,
          payment_subject: "service",
          payment_mode: "full_payment",
          measure: "piece",
        },
      ],
    });
  });

  it("keeps the description to 128 characters, counting letters, not bytes", () => {
    const [item] = receiptFor({ email: "b@example.com", title: "Ж".repeat(200), amountKopecks: 1 }, receiptSettings({})).items;
    expect(item.description).toBe("Ж".repeat(128));
  });

  it("takes the VAT code, the payment mode and the tax system from configuration, and refuses a wrong one", () => {
    const settings = receiptSettings({ SCHOOL_RECEIPT_VAT_CODE: "7", SCHOOL_RECEIPT_PAYMENT_MODE: "full_prepayment", SCHOOL_TAX_SYSTEM_CODE: "2" });
    const receipt = receiptFor({ email: "b@example.com", title: "Курс", amountKopecks: 100 }, settings);
    expect(receipt.items[0]).toMatchObject({ vat_code: 7, payment_mode: "full_prepayment" });
    expect(receipt.tax_system_code).toBe(2);
    expect(() => receiptSettings({ SCHOOL_RECEIPT_VAT_CODE: "11" })).toThrow(/1–10/);
    expect(() => receiptSettings({ SCHOOL_RECEIPT_PAYMENT_MODE: "credit" })).toThrow(/full_payment/);
    expect(() => receiptSettings({ SCHOOL_TAX_SYSTEM_CODE: "0" })).toThrow(/1–6/);
  });
});
