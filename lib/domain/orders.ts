import { formatMoscowShort } from "./dates";

/** An order's status as the buyer reads it on its page. */
export type OrderStatus = "pending" | "paid" | "canceled" | "refunded" | "partially_refunded";

export interface OrderView {
  title: string;
  description: string;
  /** The page asks again in a few seconds: the payment is still being processed. */
  waiting: boolean;
}

/** What the order's page says, for its status. */
export function orderView(order: { number: number; status: OrderStatus; access_until: string | null }, now: Date = new Date()): OrderView {
  switch (order.status) {
    case "pending":
      return {
        title: `Заказ №${order.number}: ждём подтверждения оплаты`,
        description: "Обычно это занимает несколько секунд. Страница обновится сама",
        waiting: true,
      };
    case "paid":
      return {
        title: `Заказ №${order.number}: оплата получена`,
        description: order.access_until ? `Курс открыт до ${formatMoscowShort(order.access_until, now)}` : "Курс открыт",
        waiting: false,
      };
    case "canceled":
      return { title: `Заказ №${order.number}: оплата не прошла`, description: "Деньги не списаны. Можно попробовать ещё раз", waiting: false };
    case "partially_refunded":
      return { title: `Заказ №${order.number}: оформлен частичный возврат`, description: "Доступ к курсу сохраняется", waiting: false };
    case "refunded":
      return { title: `Заказ №${order.number}: оформлен возврат`, description: "Деньги возвращены, доступ к курсу закрыт", waiting: false };
  }
}
