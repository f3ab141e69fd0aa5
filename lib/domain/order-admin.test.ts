import { describe, expect, it } from "vitest";
import { toCsv } from "./analytics";
import { orderEventLabel, ordersTable } from "./order-admin";

describe("ordersTable", () => {
  it("lists each order with exact amounts in rubles and Moscow times, ready for Excel", () => {
    const table = ordersTable([
      {
        number: 1042,
        created_at: "2027-01-10T07:00:00Z",
        paid_at: "2027-01-10T07:05:00Z",
        buyer_email: "buyer@example.com",
        title: "=Курс",
        status: "partially_refunded",
        amount_kopecks: 490050,
        refunded_kopecks: 100000,
      },
    ]);
    expect(table.rows[0]).toEqual(["1042", expect.stringContaining("10:00"), expect.stringContaining("10:05"), "buyer@example.com", "=Курс", "частичный возврат", "4900,50", "1000,00"]);
    // A title that starts like a formula is text in the file.
    expect(toCsv(table)).toContain(`"'=Курс"`);
  });
});

describe("orderEventLabel", () => {
  it("tells each step of an order in Russian", () => {
    expect(orderEventLabel("created", { amount_kopecks: 490000, promo_code_id: "x" })).toBe("оформлен на 4\u00a0900\u00a0₽ с промокодом");
    expect(orderEventLabel("paid", { how: "payment", amount_kopecks: 490000 })).toBe("оплачен (4\u00a0900\u00a0₽)");
    expect(orderEventLabel("paid", { how: "manual" })).toBe("отмечен оплаченным вручную");
    expect(orderEventLabel("refunded", { amount_kopecks: 100, full: true })).toBe("возврат 1\u00a0₽: доступ закрыт");
    expect(orderEventLabel("mismatch", { reason: "amount" })).toBe("уведомление с другой суммой: не учтено");
    expect(orderEventLabel("reminded", {})).toBe("покупателю напомнили об оплате");
    // A step this page does not know yet is still said in Russian, never by its code.
    expect(orderEventLabel("chargeback", {})).toBe("другое событие");
  });
});
