import { handleTelegramUpdate, secretMatches, TELEGRAM_SECRET_HEADER } from "@/lib/notifications/telegram-webhook";
import { sendTelegramMessage, telegramSettings } from "@/lib/notifications/telegram";
import { createServiceClient } from "@/lib/supabase/service";

/**
 * The bot's webhook (scripts/telegram-set-webhook.ts registers it with Telegram). Anything that
 * passes the secret is answered 200, ignored or not: Telegram repeats an update until it gets a 2xx.
 */
export async function POST(request: Request) {
  const settings = telegramSettings();
  if (!settings) return new Response(null, { status: 404 });
  if (!secretMatches(request.headers.get(TELEGRAM_SECRET_HEADER), settings.webhookSecret)) {
    return new Response(null, { status: 401 });
  }
  const body: unknown = await request.json().catch(() => null);
  await handleTelegramUpdate(body, {
    botUsername: settings.username,
    async link(token, chatId, username) {
      const { data, error } = await createServiceClient().rpc("link_telegram", {
        _token: token,
        _chat_id: chatId,
        // The column takes null for a user without a @username; generated argument types are never nullable.
        _username: username as string,
      });
      if (error) throw new Error(`link_telegram: ${error.message}`);
      return data ?? null;
    },
    async unlink(chatId) {
      const { data, error } = await createServiceClient().rpc("unlink_telegram_chat", { _chat_id: chatId });
      if (error) throw new Error(`unlink_telegram_chat: ${error.message}`);
      return data;
    },
    send: sendTelegramMessage,
    log: (message, detail) => (detail === undefined ? console.error(message) : console.error(message, detail)),
  });
  return Response.json({ ok: true });
}
