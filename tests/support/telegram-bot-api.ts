import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Chat, Message, Update, User, WebhookInfo } from "grammy/types";

/**
 * A stand-in for the Telegram Bot API, for tests only: it answers `/bot<token>/<method>` for the
 * few methods the school uses, with Telegram's envelopes, statuses and error texts, records what
 * was sent, fails on request, and delivers updates to the registered webhook as Telegram does.
 * tests/support/README.md lists where it differs from Telegram.
 */

export type FakeFailure = "429" | "blocked" | "chat_not_found" | "500";

export interface SentMessage {
  chat_id: number;
  /** The text as the bot sent it (with its markup, when parse_mode is set). */
  text: string;
  parse_mode?: string;
  /** What Telegram answered: the Message, with the text as the user sees it. */
  message: Message.TextMessage;
}

export interface FakeWebhook {
  url: string;
  secret_token: string | null;
}

export interface FakeBotApi {
  /** The bot's own base: `${url}/sendMessage` and so on. */
  url: string;
  /** What a client takes as its API root (grammY's `apiRoot`, TELEGRAM_API_ROOT). */
  apiRoot: string;
  bot: User;
  sent(): SentMessage[];
  /** The next `count` sendMessage calls fail as `kind` does on Telegram. */
  failNext(count: number, kind: FakeFailure, retryAfter?: number): void;
  webhook(): FakeWebhook | null;
  /** Posts an update to the webhook, with the secret header when one was set; the webhook's HTTP status. */
  pushUpdate(update: UpdateInput): Promise<number>;
  close(): Promise<void>;
}

export type UpdateInput = Omit<Update, "update_id"> & { update_id?: number };

type Params = Record<string, unknown>;
type Answer = { status: number; body: unknown };

const ok = (result: unknown, description?: string): Answer => ({ status: 200, body: description ? { ok: true, result, description } : { ok: true, result } });
const error = (status: number, description: string, parameters?: { retry_after: number }): Answer => ({
  status,
  body: parameters ? { ok: false, error_code: status, description, parameters } : { ok: false, error_code: status, description },
});

const FAILURES: Record<FakeFailure, (retryAfter: number) => Answer> = {
  "429": (retryAfter) => error(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter }),
  blocked: () => error(403, "Forbidden: bot was blocked by the user"),
  chat_not_found: () => error(400, "Bad Request: chat not found"),
  "500": () => error(500, "Internal Server Error"),
};

let userMessageIds = 1;

/** A private-chat text message from a user, as Telegram delivers it. */
export function privateTextUpdate(options: { chatId: number; text: string; username?: string; firstName?: string }): UpdateInput {
  const from: User = { id: options.chatId, is_bot: false, first_name: options.firstName ?? "Test", username: options.username, language_code: "ru" };
  const chat: Chat.PrivateChat = { id: options.chatId, type: "private", first_name: from.first_name, username: options.username };
  const command = /^\/\S+/.exec(options.text);
  return {
    message: {
      message_id: userMessageIds++,
      date: Math.floor(Date.now() / 1000),
      from,
      chat,
      text: options.text,
      ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command[0].length }] } : {}),
    },
  };
}

export async function startFakeBotApi(options: { port?: number; token: string; username?: string }): Promise<FakeBotApi> {
  const bot: User = {
    id: Number(options.token.split(":")[0]) || 1,
    is_bot: true,
    first_name: "School Test Bot",
    username: options.username ?? "school_test_bot",
  };
  const sent: SentMessage[] = [];
  const failures: { kind: FakeFailure; retryAfter: number }[] = [];
  const chats = new Map<number, Chat>();
  let hook: (FakeWebhook & Pick<WebhookInfo, "allowed_updates" | "max_connections">) | null = null;
  let lastError: { date: number; message: string } | null = null;
  let nextMessageId = 1;
  let nextUpdateId = 100_000;

  const methods: Record<string, (params: Params) => Answer> = {
    getme: () => ok(bot),
    getwebhookinfo: () => {
      const info: WebhookInfo = { url: hook?.url ?? "", has_custom_certificate: false, pending_update_count: 0 };
      if (hook?.max_connections) info.max_connections = hook.max_connections;
      if (hook?.allowed_updates) info.allowed_updates = hook.allowed_updates;
      if (hook && lastError) Object.assign(info, { last_error_date: lastError.date, last_error_message: lastError.message });
      return ok(info);
    },
    setwebhook: (params) => {
      const url = String(params.url ?? "");
      if (url === "") return methods.deletewebhook(params);
      if (!/^https?:\/\/[^/\s]+/.test(url)) return error(400, "Bad Request: bad webhook: Failed to resolve host: Name or service not known");
      const secret = params.secret_token === undefined ? null : String(params.secret_token);
      if (secret !== null && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) return error(400, "Bad Request: secret token contains unallowed characters");
      const same = hook?.url === url && hook.secret_token === secret;
      hook = {
        url,
        secret_token: secret,
        allowed_updates: Array.isArray(params.allowed_updates) ? (params.allowed_updates as WebhookInfo["allowed_updates"]) : hook?.allowed_updates,
        max_connections: typeof params.max_connections === "number" ? params.max_connections : 40,
      };
      lastError = null;
      return ok(true, same ? "Webhook is already set" : "Webhook was set");
    },
    deletewebhook: () => {
      const had = hook !== null;
      hook = null;
      return ok(true, had ? "Webhook was deleted" : "Webhook is already deleted");
    },
    sendmessage: (params) => {
      const failure = failures.shift();
      if (failure) return FAILURES[failure.kind](failure.retryAfter);
      if (params.chat_id === undefined || params.chat_id === "") return error(400, "Bad Request: chat_id is empty");
      const chatId = typeof params.chat_id === "number" ? params.chat_id : /^-?\d+$/.test(String(params.chat_id)) ? Number(params.chat_id) : NaN;
      if (!Number.isSafeInteger(chatId) || chatId === 0) return error(400, "Bad Request: chat not found");
      const raw = typeof params.text === "string" ? params.text : params.text === undefined ? "" : String(params.text);
      const parseMode = params.parse_mode === undefined ? undefined : String(params.parse_mode);
      if (parseMode !== undefined && !["HTML", "MarkdownV2", "Markdown"].includes(parseMode)) return error(400, "Bad Request: unsupported parse_mode");
      const parsed = parseMode === "HTML" ? htmlToText(raw) : { text: raw };
      if ("error" in parsed) return error(400, `Bad Request: can't parse entities: ${parsed.error}`);
      if (parsed.text.trim() === "") return error(400, "Bad Request: message text is empty");
      if ([...parsed.text].length > 4096) return error(400, "Bad Request: message is too long");
      const chat: Chat = chats.get(chatId) ?? (chatId > 0 ? { id: chatId, type: "private", first_name: "Test" } : { id: chatId, type: "group", title: "Test group" });
      const message: Message.TextMessage = { message_id: nextMessageId++, date: Math.floor(Date.now() / 1000), chat, from: bot, text: parsed.text };
      sent.push({ chat_id: chatId, text: raw, ...(parseMode ? { parse_mode: parseMode } : {}), message });
      return ok(message);
    },
  };

  const server = createServer((request, response) => {
    void answer(request, response);
  });
  async function answer(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", "http://fake");
    const match = /^\/bot([^/]*)\/([^/]*)$/.exec(url.pathname);
    let result: Answer;
    try {
      if (!match) result = error(404, "Not Found");
      else if (match[1] !== options.token) result = error(401, "Unauthorized");
      else {
        const method = Object.hasOwn(methods, match[2].toLowerCase()) ? methods[match[2].toLowerCase()] : null;
        const params = method ? await readParams(request, url) : null;
        result = !method ? error(404, "Not Found") : params === null ? error(400, "Bad Request: can't parse JSON object") : method(params);
      }
    } catch {
      result = error(500, "Internal Server Error");
    }
    response.writeHead(result.status, { "content-type": "application/json" }).end(JSON.stringify(result.body));
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: `${apiRoot}/bot${options.token}`,
    apiRoot,
    bot,
    sent: () => [...sent],
    failNext(count, kind, retryAfter = 3) {
      for (let i = 0; i < count; i++) failures.push({ kind, retryAfter });
    },
    webhook: () => (hook ? { url: hook.url, secret_token: hook.secret_token } : null),
    async pushUpdate(input) {
      if (!hook) throw new Error("No webhook is set: call setWebhook first.");
      const update = { ...input, update_id: input.update_id ?? nextUpdateId++ };
      const chat = update.message?.chat;
      if (chat) chats.set(chat.id, chat);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (hook.secret_token) headers["x-telegram-bot-api-secret-token"] = hook.secret_token;
      const reply = await fetch(hook.url, { method: "POST", headers, body: JSON.stringify(update) });
      await reply.arrayBuffer();
      lastError = reply.ok ? lastError : { date: Math.floor(Date.now() / 1000), message: `Wrong response from the webhook: ${reply.status} ${reply.statusText}` };
      return reply.status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((closeError) => (closeError ? reject(closeError) : resolve()));
      }),
  };
}

/** The parameters of a call, as Telegram takes them: the query string, then a JSON or form body; null when the body cannot be read. */
async function readParams(request: IncomingMessage, url: URL): Promise<Params | null> {
  const params: Params = Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  if (body.trim() === "") return params;
  const type = request.headers["content-type"] ?? "";
  if (type.startsWith("application/json")) {
    try {
      const parsed: unknown = JSON.parse(body);
      return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? { ...params, ...(parsed as Params) } : null;
    } catch {
      return null;
    }
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    // A form sends every value as a string; arrays and objects arrive JSON-encoded.
    for (const [key, value] of new URLSearchParams(body)) params[key] = /^[[{]/.test(value) ? safeJson(value) : value;
  }
  return params;
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const HTML_TAGS = new Set(["b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "span", "tg-spoiler", "a", "code", "pre", "blockquote", "tg-emoji"]);
const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"' };

/** Telegram's HTML mode, as far as the school needs it: supported tags only, and the text as the user sees it. */
function htmlToText(html: string): { text: string } | { error: string } {
  let text = "";
  let index = 0;
  while (index < html.length) {
    const char = html[index];
    if (char === "<") {
      const tag = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)(?:\s[^<>]*)?>/.exec(html.slice(index));
      const offset = Buffer.byteLength(html.slice(0, index));
      if (!tag) return { error: `Unsupported start tag at byte offset ${offset}` };
      if (!HTML_TAGS.has(tag[1].toLowerCase())) return { error: `Unsupported start tag "${tag[1]}" at byte offset ${offset}` };
      index += tag[0].length;
    } else if (char === "&") {
      const entity = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/.exec(html.slice(index));
      const name = entity?.[1];
      if (name === undefined) text += "&";
      else text += name.startsWith("#x") ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : ENTITIES[name];
      index += entity ? entity[0].length : 1;
    } else {
      text += char;
      index += 1;
    }
  }
  return { text };
}
