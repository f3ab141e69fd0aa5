import { formatMoscowTime } from "./dates";
import type { OrderStatus } from "./orders";
import type { Table } from "./analytics";
import { kopecksToDecimal } from "@/lib/payments/money";

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
