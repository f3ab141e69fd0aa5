import { Api, GrammyError, HttpError } from "grammy/web";
import type { UserFromGetMe, WebhookInfo } from "grammy/types";
import { describeError } from "./clients";
import { formatAge } from "./worker";
import { fail, ok, skipped, type HealthResult, type HealthSettings } from "./types";

/**
 * (h) The bot is reachable where the app expects it: the token works, TELEGRAM_BOT_USERNAME is the
 * token's bot (deep links open it), Telegram posts to this app's webhook and its last delivery
 * there did not fail within the hour.
 */

export const WEBHOOK_PATH = "/api/telegram/webhook";
/** A delivery error older than this is history: Telegram keeps the last one until it is replaced. */
const RECENT_ERROR_MS = 60 * 60_000;

export function telegramVerdict(siteUrl: string, username: string, me: UserFromGetMe, info: WebhookInfo, now: Date): HealthResult {
  const expected = `${siteUrl}${WEBHOOK_PATH}`;
  const register = `npx tsx scripts/telegram-set-webhook.ts ${siteUrl}`;
  if (me.username.toLowerCase() !== username.toLowerCase()) {
    return fail("telegram", `TELEGRAM_BOT_USERNAME = ${username}, а токен от бота @${me.username}: ссылки «Подключить Telegram» откроют не того бота`);
  }
  if (!info.url) return fail("telegram", `вебхук не зарегистрирован, бот не получает сообщений: ${register}`);
  if (info.url !== expected) return fail("telegram", `Telegram шлёт сообщения бота на ${info.url}, а приложение ждёт их на ${expected}: ${register}`);
  const errorAge = info.last_error_date ? now.getTime() - info.last_error_date * 1000 : null;
  if (errorAge !== null && errorAge < RECENT_ERROR_MS) {
    return fail(
      "telegram",
      `Telegram не смог доставить сообщение на вебхук ${formatAge(errorAge)} назад: ${info.last_error_message ?? "без описания"}${info.pending_update_count ? ` (ждут ${info.pending_update_count})` : ""}. Проверьте, что приложение отвечает по ${expected} и TELEGRAM_WEBHOOK_SECRET тот же, что при ${register}`,
    );
  }
  return ok("telegram", `бот @${me.username}, вебхук ${expected}, ошибок доставки за последний час нет`);
}

export async function checkTelegram(settings: HealthSettings, now = new Date()): Promise<HealthResult> {
  const { token, username, webhookSecret, apiRoot } = settings.telegram;
  if (!token && !username && !webhookSecret) return skipped("telegram", "бот не настроен (TELEGRAM_BOT_TOKEN не задан): уведомления в Telegram выключены");
  const missing = [!token && "TELEGRAM_BOT_TOKEN", !username && "TELEGRAM_BOT_USERNAME", !webhookSecret && "TELEGRAM_WEBHOOK_SECRET"].filter(Boolean);
  if (!token || !username || !webhookSecret) {
    return fail("telegram", `не задан ${missing.join(", ")}: без всех трёх настроек сайт не предлагает Telegram и вебхук отвечает 404`);
  }
  const api = new Api(token, { apiRoot, timeoutSeconds: 10 });
  try {
    const [me, info] = await Promise.all([api.getMe(), api.getWebhookInfo()]);
    return telegramVerdict(settings.siteUrl, username, me, info, now);
  } catch (thrown) {
    if (thrown instanceof GrammyError && thrown.error_code === 401) {
      return fail("telegram", "TELEGRAM_BOT_TOKEN не подходит (Unauthorized): возьмите токен бота у @BotFather");
    }
    if (thrown instanceof GrammyError) return fail("telegram", `Telegram отказал: ${thrown.description}`);
    const cause = thrown instanceof HttpError ? thrown.error : thrown;
    return fail("telegram", `Telegram не отвечает по ${apiRoot}: ${describeError(cause)}`);
  }
}
