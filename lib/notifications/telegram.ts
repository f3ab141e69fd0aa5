import { Api, GrammyError, HttpError } from "grammy/web";
import { describeNotification, QUOTE_LABEL, type NotificationKind } from "@/lib/domain/notifications";
import type { DeliveryOutcome } from "./outcome";

/**
 * The school's Telegram bot, as a Bot API client (grammY's `Api`; its `grammy/web` build uses the
 * runtime's own fetch). Settings come from the environment:
 * TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME, TELEGRAM_WEBHOOK_SECRET and TELEGRAM_API_ROOT
 * (https://api.telegram.org by default; the tests point it at tests/support/telegram-bot-api.ts).
 */

export const DEFAULT_TELEGRAM_API_ROOT = "https://api.telegram.org";

/** A request that has not finished by then counts as a network failure: the webhook must answer Telegram in time. */
const REQUEST_TIMEOUT_SECONDS = 10;

export interface TelegramSettings {
  token: string;
  /** Without the leading @. */
  username: string;
  webhookSecret: string;
  apiRoot: string;
}

/** The bot's settings, or null unless all of them are set. */
export function telegramSettings(): TelegramSettings | null {
  const token = process.env.TELEGRAM_BOT_TOKEN?.trim();
  const username = process.env.TELEGRAM_BOT_USERNAME?.trim().replace(/^@/, "");
  const webhookSecret = process.env.TELEGRAM_WEBHOOK_SECRET?.trim();
  if (!token || !username || !webhookSecret) return null;
  // grammY refuses a root with a trailing slash.
  const apiRoot = (process.env.TELEGRAM_API_ROOT?.trim() || DEFAULT_TELEGRAM_API_ROOT).replace(/\/+$/, "");
  return { token, username, webhookSecret, apiRoot };
}

/** Whether the school has a bot at all: without one, nothing offers or sends Telegram messages. */
export function telegramConfigured(): boolean {
  return telegramSettings() !== null;
}

/** The link that opens the bot with `/start <token>` ready to send. */
export function telegramDeepLink(token: string): string {
  const settings = telegramSettings();
  if (!settings) throw new Error("Telegram is not configured: set TELEGRAM_BOT_TOKEN, TELEGRAM_BOT_USERNAME and TELEGRAM_WEBHOOK_SECRET.");
  return `https://t.me/${settings.username}?start=${encodeURIComponent(token)}`;
}

/** Text for Telegram's HTML parse mode; build it with `telegramHtml` so every value is escaped. */
export interface TelegramHtml {
  readonly html: string;
}

/** Telegram's HTML mode knows only these entities; `"` matters inside an attribute such as href. */
export function escapeTelegramHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** telegramHtml`<b>${title}</b>`: the template's own markup is kept, every value is escaped. */
export function telegramHtml(strings: TemplateStringsArray, ...values: (string | number | TelegramHtml)[]): TelegramHtml {
  let html = strings[0];
  values.forEach((value, index) => {
    html += (typeof value === "object" ? value.html : escapeTelegramHtml(String(value))) + strings[index + 1];
  });
  return { html };
}

/** A notification as the bot sends it: the title, the text, the curator's comment quoted, and the link. */
export function telegramNotification(kind: NotificationKind, payload: unknown, siteUrl: string): TelegramHtml {
  const { title, text, path, quote } = describeNotification(kind, payload);
  const quoted = quote ? telegramHtml`\n\n${QUOTE_LABEL}:\n<blockquote>${quote}</blockquote>` : telegramHtml``;
  return telegramHtml`<b>${title}</b>\n${text}${quoted}\n\n<a href="${siteUrl.replace(/\/+$/, "")}${path}">Открыть на сайте школы</a>`;
}

/** 429 carries Telegram's retry_after; a blocked bot or a missing chat is permanent; a network failure or a 5xx is not. */
export type TelegramSendOutcome = DeliveryOutcome;

function telegramApi(settings: Pick<TelegramSettings, "token" | "apiRoot">): Api {
  return new Api(settings.token, { apiRoot: settings.apiRoot, timeoutSeconds: REQUEST_TIMEOUT_SECONDS });
}

/** Sends a plain-text message (or `telegramHtml`) to a chat; never throws. */
export async function sendTelegramMessage(chatId: number, text: string | TelegramHtml): Promise<TelegramSendOutcome> {
  const settings = telegramSettings();
  if (!settings) return { ok: false, permanent: false, error: "Telegram is not configured" };
  try {
    if (typeof text === "string") await telegramApi(settings).sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
    else await telegramApi(settings).sendMessage(chatId, text.html, { parse_mode: "HTML", link_preview_options: { is_disabled: true } });
    return { ok: true };
  } catch (thrown) {
    return sendFailure(thrown);
  }
}

function sendFailure(thrown: unknown): TelegramSendOutcome {
  if (thrown instanceof GrammyError) {
    const error = `${thrown.error_code}: ${thrown.description}`;
    const code = thrown.error_code;
    if (code === 429) {
      const retryAfter = thrown.parameters?.retry_after;
      return typeof retryAfter === "number" ? { ok: false, retryAfterSeconds: retryAfter, permanent: false, error } : { ok: false, permanent: false, error };
    }
    // 403: blocked, deactivated or never started; 400: no such chat, or a message Telegram refuses as it stands.
    // 401 and 404 mean the bot's own token or address is wrong: the message may go once that is fixed.
    return { ok: false, permanent: code === 400 || code === 403, error };
  }
  // Telegram unreachable, a timeout, or an answer that is not Telegram's JSON (a proxy's 502 page).
  if (thrown instanceof HttpError) return { ok: false, permanent: false, error: `network: ${describe(thrown.error)}` };
  return { ok: false, permanent: false, error: describe(thrown) };
}

function describe(thrown: unknown): string {
  if (!(thrown instanceof Error)) return String(thrown);
  return thrown.cause instanceof Error ? `${thrown.message} (${thrown.cause.message})` : thrown.message;
}
