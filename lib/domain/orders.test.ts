import { describe, expect, it } from "vitest";
import { orderView } from "./orders";

const NOW = new Date("2027-01-10T07:00:00Z");

describe("orderView: what an order's page says", () => {
  it("waits for a pending payment, and says what a settled one did", () => {
    expect(orderView({ number: 1042, status: "pending", access_until: null }, NOW)).toMatchObject({ title: "Заказ №1042: ждём подтверждения оплаты", waiting: true });
    expect(orderView({ number: 1042, status: "paid", access_until: null }, NOW)).toEqual({ title: "Заказ №1042: оплата получена", description: "Курс открыт", waiting: false });
    expect(orderView({ number: 1042, status: "paid", access_until: "2027-02-09T07:00:00Z" }, NOW).description).toBe("Курс открыт до 09.02 в 10:00 МСК");
    expect(orderView({ number: 7, status: "canceled", access_until: null }, NOW).description).toBe("Деньги не списаны. Можно попробовать ещё раз");
    expect(orderView({ number: 7, status: "refunded", access_until: null }, NOW).description).toBe("Деньги возвращены, доступ к курсу закрыт");
    expect(orderView({ number: 7, status: "partially_refunded", access_until: null }, NOW).description).toBe("Доступ к курсу сохраняется");
  });
});
