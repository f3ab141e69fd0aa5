import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { SITE_NAME } from "@/lib/site";
import type { TelegramSendOutcome } from "./telegram";

/**
 * What the bot does with an update Telegram posts to app/api/telegram/webhook: links a chat to a
 * student (`/start <token>` from the site's «Подключить Telegram» link), unlinks it (`/stop`),
 * and explains itself otherwise. Everything it needs of the world comes in as `TelegramWebhookDeps`.
 */

export const TELEGRAM_SECRET_HEADER = "x-telegram-bot-api-secret-token";

export const BOT_REPLIES = {
  linked: "Готово! Уведомления школы будут приходить сюда. Отключить — /stop",
  staleLink: "Ссылка устарела. Откройте «Настройки» на сайте школы и нажмите «Подключить Telegram» ещё раз.",
  startWithoutToken: `Это бот уведомлений «${SITE_NAME}». Чтобы получать их здесь, откройте «Настройки» на сайте школы и нажмите «Подключить Telegram».`,
  unlinked: "Уведомления в Telegram отключены. Подключить снова можно в «Настройках».",
  help: `Я присылаю уведомления «${SITE_NAME}». Подключить их можно в «Настройках» на сайте школы, отключить — командой /stop.`,
  failed: "Не получилось: попробуйте ещё раз через минуту.",
} as const;

/** The token create_telegram_link_token() hands out; a deep link's payload is at most 64 of these characters. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export type BotCommand =
  | { kind: "link"; token: string }
  /** `/start` with something that cannot be a token: an old or mangled link. */
  | { kind: "bad-link" }
  | { kind: "start" }
  | { kind: "stop" }
  | { kind: "help" };

/**
 * A message's command: `/start`, `/start <token>` or `/stop`, also as `/start@<bot>` (how a
 * client sends a command picked from a menu); a command addressed to another bot, or any other
 * text, asks for help.
 */
export function parseBotCommand(text: string, botUsername: string): BotCommand {
  const match = /^\/([A-Za-z0-9_]+)(?:@([A-Za-z0-9_]+))?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return { kind: "help" };
  const [, name, addressee, rest = ""] = match;
  if (addressee && addressee.toLowerCase() !== botUsername.replace(/^@/, "").toLowerCase()) return { kind: "help" };
  const payload = rest.trim();
  switch (name.toLowerCase()) {
    case "start":
      if (payload === "") return { kind: "start" };
      return LINK_TOKEN.test(payload) ? { kind: "link", token: payload } : { kind: "bad-link" };
    case "stop":
      return { kind: "stop" };
    default:
      return { kind: "help" };
  }
}

/** Whether the webhook's secret header is the configured one; the time taken says nothing about either. */
export function secretMatches(received: string | null, expected: string): boolean {
  if (received === null || expected === "") return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

/** The part of an update the bot reads; everything else is ignored, not refused. */
const updateSchema = z.object({
  update_id: z.number().int(),
  message: z
    .object({
      chat: z.object({ id: z.number().int(), type: z.string() }),
      from: z.object({ id: z.number().int(), username: z.string().optional() }).optional(),
      text: z.string().optional(),
    })
    .optional(),
});

export interface IncomingMessage {
  chatId: number;
  username: string | null;
  /** Null for a sticker, a photo and the like. */
  text: string | null;
}

/** The private-chat message an update carries, or null for anything the bot ignores (groups, channels, edits, other update kinds, junk). */
export function privateMessageOf(body: unknown): IncomingMessage | null {
  const parsed = updateSchema.safeParse(body);
  const message = parsed.success ? parsed.data.message : undefined;
  if (!message || message.chat.type !== "private") return null;
  return { chatId: message.chat.id, username: message.from?.username ?? null, text: message.text ?? null };
}

export interface TelegramWebhookDeps {
  botUsername: string;
  /** link_telegram(): the linked user's id, or null when the token is unknown, expired or spent. */
  link(token: string, chatId: number, username: string | null): Promise<string | null>;
  /** unlink_telegram_chat(): whether a link was removed. */
  unlink(chatId: number): Promise<boolean>;
  send(chatId: number, text: string): Promise<TelegramSendOutcome>;
  log(message: string, detail?: unknown): void;
}

export type WebhookHandling = { handled: false } | { handled: true; command: BotCommand["kind"]; reply: string };

/**
 * Handles one update. It throws nothing: Telegram repeats an update until it gets a 2xx, so a
 * failure is told to the student in the chat instead of being answered with an error status.
 */
export async function handleTelegramUpdate(body: unknown, deps: TelegramWebhookDeps): Promise<WebhookHandling> {
  const message = privateMessageOf(body);
  if (!message) return { handled: false };
  const command = message.text === null ? ({ kind: "help" } as const) : parseBotCommand(message.text, deps.botUsername);
  let reply: string;
  try {
    reply = await replyTo(command, message, deps);
  } catch (thrown) {
    deps.log(`telegram webhook: ${command.kind} failed`, thrown);
    reply = BOT_REPLIES.failed;
  }
  const sent = await deps.send(message.chatId, reply);
  if (!sent.ok) deps.log(`telegram webhook: the reply to chat ${message.chatId} was not sent: ${sent.error}`);
  return { handled: true, command: command.kind, reply };
}

async function replyTo(command: BotCommand, message: IncomingMessage, deps: TelegramWebhookDeps): Promise<string> {
  switch (command.kind) {
    case "link":
      return (await deps.link(command.token, message.chatId, message.username)) ? BOT_REPLIES.linked : BOT_REPLIES.staleLink;
    case "bad-link":
      return BOT_REPLIES.staleLink;
    case "start":
      return BOT_REPLIES.startWithoutToken;
    case "stop":
      await deps.unlink(message.chatId);
      return BOT_REPLIES.unlinked;
    case "help":
      return BOT_REPLIES.help;
  }
}
