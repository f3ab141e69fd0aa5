import { describeNotification } from "@/lib/domain/notifications";
import type { Senders } from "./deliver";
import { deliveryKey } from "./deliver";
import { emailConfigured, sendNotificationEmail } from "./email";
import { renderNotificationEmail } from "./email-templates";
import { sendTelegramMessage, telegramConfigured, telegramHtml } from "./telegram";

/** The channels this server can send on, from its environment (SMTP_URL, TELEGRAM_*). */
export function configuredSenders(siteUrl: string): Senders {
  return {
    email: emailConfigured()
      ? (delivery) =>
          sendNotificationEmail({
            to: delivery.email,
            idempotencyKey: deliveryKey(delivery),
            ...renderNotificationEmail({
              kind: delivery.kind,
              payload: delivery.payload,
              fullName: delivery.full_name,
              siteUrl,
              unsubscribeToken: delivery.unsubscribe_token,
            }),
          })
      : null,
    telegram: telegramConfigured()
      ? (delivery) => {
          const { title, text, path } = describeNotification(delivery.kind, delivery.payload);
          return sendTelegramMessage(delivery.chat_id, telegramHtml`<b>${title}</b>\n${text}\n\n<a href="${siteUrl}${path}">Открыть на сайте школы</a>`);
        }
      : null,
  };
}
