import { formatMoscowTime } from "./dates";
import type { OrderStatus } from "./orders";
import type { Table } from "./analytics";
import { formatSum, kopecksToDecimal } from "@/lib/payments/money";

/** An order's status in the admin's list. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "ждёт оплаты",
  paid: "оплачен",
  canceled: "отменён",
  refunded: "возвращён",
  partially_refunded: "частичный возврат",
};

/** What the orders page says after an action (its `result` in the address), and whether it went wrong. */
export const ORDER_ACTION_RESULTS: Record<string, { text: string; failed: boolean }> = {
  paid: { text: "Заказ отмечен оплаченным: доступ открыт", failed: false },
  refunded: { text: "Возврат оформлен: деньги вернутся покупателю, доступ по заказу закрыт", failed: false },
  "partly-refunded": { text: "Частичный возврат оформлен: доступ сохраняется", failed: false },
  "not-pending": { text: "Заказ не найден или уже не ждёт оплаты: обновите страницу", failed: true },
  not_found: { text: "Заказ не найден", failed: true },
  not_paid: { text: "Заказ не оплачен: возвращать нечего", failed: true },
  too_much: { text: "Сумма возврата больше того, что осталось вернуть", failed: true },
  "bad-amount": { text: "Сумма возврата — в рублях, например 4900 или 4900,50", failed: true },
  "no-provider": { text: "Оплата через ЮKassa не настроена: возврат не оформлен", failed: true },
  "provider-down": { text: "ЮKassa сейчас не отвечает: возврат не оформлен, попробуйте через минуту", failed: true },
  failed: { text: "Не удалось выполнить действие. Обновите страницу и попробуйте ещё раз", failed: true },
};

export interface OrderRow {
  number: number;
  created_at: string;
  paid_at: string | null;
  buyer_email: string;
  title: string;
  status: OrderStatus;
  amount_kopecks: number;
  refunded_kopecks: number;
}

/** The orders as a table for «Скачать CSV»: amounts as exact decimals of rubles, times in Moscow. */
export function ordersTable(orders: readonly OrderRow[]): Table {
  return {
    columns: ["Заказ", "Создан (МСК)", "Оплачен (МСК)", "Покупатель", "Курс", "Статус", "Сумма, ₽", "Возвращено, ₽"],
    rows: orders.map((order) => [
      String(order.number),
      formatMoscowTime(order.created_at),
      order.paid_at ? formatMoscowTime(order.paid_at) : "—",
      order.buyer_email,
      order.title,
      ORDER_STATUS_LABELS[order.status],
      kopecksToDecimal(order.amount_kopecks).replace(".", ","),
      kopecksToDecimal(order.refunded_kopecks).replace(".", ","),
    ]),
  };
}

/** One step of an order's history, as the admin reads it. */
export function orderEventLabel(kind: string, detail: unknown): string {
  const data = (detail && typeof detail === "object" ? detail : {}) as Record<string, unknown>;
  const amount = typeof data.amount_kopecks === "number" ? formatSum(data.amount_kopecks) : null;
  switch (kind) {
    case "created":
      return `оформлен${amount ? ` на ${amount}` : ""}${data.promo_code_id ? " с промокодом" : ""}`;
    case "paid":
      return data.how === "manual" ? "отмечен оплаченным вручную" : data.how === "free" ? "бесплатный: доступ открыт сразу" : `оплачен${amount ? ` (${amount})` : ""}`;
    case "canceled":
      return "оплата отменена";
    case "refunded":
      return `возврат${amount ? ` ${amount}` : ""}${data.full ? ": доступ закрыт" : ""}`;
    case "mismatch":
      return data.reason === "amount" ? "уведомление с другой суммой: не учтено" : "уведомление о другом платеже: не учтено";
    case "reminded":
      return "покупателю напомнили об оплате";
    default:
      return "другое событие";
  }
}
