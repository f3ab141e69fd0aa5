import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import type { Database } from "@/lib/database.types";
import { recordRefund, settlePayment } from "./orders";
import type { PaymentProvider } from "./provider";

/**
 * A ЮKassa notification (POST /api/payments/yookassa). They are not signed, and an address can be
 * forged behind a proxy, so the body only says which payment or refund to ask about: the school
 * asks ЮKassa and acts on its answer, once. Anything ЮKassa should not send again is answered 200
 * (a settled or repeated one); a body or object ЮKassa does not know is refused in Russian with a
 * 4xx; an outage is a 503, which ЮKassa retries for a day.
 */

const notificationSchema = z.object({
  type: z.literal("notification"),
  event: z.string(),
  object: z.object({ id: z.string().min(1).max(100) }),
});

export interface NotificationAnswer {
  status: number;
  message: string;
}

const answers: Record<string, NotificationAnswer> = {
  paid: { status: 200, message: "Оплата заказа принята" },
  canceled: { status: 200, message: "Заказ отменён" },
  pending: { status: 200, message: "Платёж ещё не завершён" },
  already_settled: { status: 200, message: "Заказ уже учтён" },
  refunded: { status: 200, message: "Возврат учтён" },
  partially_refunded: { status: 200, message: "Частичный возврат учтён" },
  already_recorded: { status: 200, message: "Возврат уже учтён" },
  unknown_payment: { status: 404, message: "Платёжный сервис не знает такого платежа" },
  unknown_refund: { status: 404, message: "Платёжный сервис не знает такого возврата" },
  unknown_order: { status: 404, message: "Заказ платежа не найден" },
  amount_mismatch: { status: 409, message: "Сумма платежа не совпадает с заказом" },
  another_payment: { status: 409, message: "У заказа другой платёж" },
  not_paid: { status: 409, message: "Заказ не оплачен: возвращать нечего" },
  amount_too_large: { status: 409, message: "Возврат больше оплаченной суммы" },
};

export async function handleYookassaNotification(body: unknown, service: SupabaseClient<Database>, provider: PaymentProvider): Promise<NotificationAnswer> {
  const parsed = notificationSchema.safeParse(body);
  if (!parsed.success) return { status: 400, message: "Уведомление не распознано" };
  const { event, object } = parsed.data;
  if (event.startsWith("payment.")) return answers[await settlePayment(service, provider, object.id)];
  if (event === "refund.succeeded") return answers[await recordRefund(service, provider, object.id)] ?? answers.pending;
  // Events the school does not act on (payment.waiting_for_capture for one-stage payments, payouts…).
  return { status: 200, message: "Событие не требует действий" };
}
