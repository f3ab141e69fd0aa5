import type { Senders } from "./deliver";
import { deliveryKey } from "./deliver";
import { emailConfigured, sendNotificationEmail } from "./email";
import { renderNotificationEmail } from "./email-templates";
import { sendTelegramMessage, telegramConfigured, telegramNotification } from "./telegram";

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
          return sendTelegramMessage(delivery.chat_id, telegramNotification(delivery.kind, delivery.payload, siteUrl));
        }
      : null,
  };
}
