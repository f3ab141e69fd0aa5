import { describe, expect, it } from "vitest";
import type { TelegramSendOutcome } from "./telegram";
import {
  BOT_REPLIES,
  handleTelegramUpdate,
  parseBotCommand,
  privateMessageOf,
  secretMatches,
  type BotCommand,
  type TelegramWebhookDeps,
} from "./telegram-webhook";

const BOT = "School_Bot";
const TOKEN = "a1B2c3D4e5F6g7H8_-xyz";

describe("parseBotCommand", () => {
  const cases: [string, BotCommand][] = [
    [`/start ${TOKEN}`, { kind: "link", token: TOKEN }],
    [`/start@School_Bot ${TOKEN}`, { kind: "link", token: TOKEN }],
    [`/start@school_bot ${TOKEN}`, { kind: "link", token: TOKEN }],
    [`  /start    ${TOKEN}   `, { kind: "link", token: TOKEN }],
    [`/start\n${TOKEN}`, { kind: "link", token: TOKEN }],
    [`/START ${TOKEN}`, { kind: "link", token: TOKEN }],
    [`/start ${"a".repeat(16)}`, { kind: "link", token: "a".repeat(16) }],
    [`/start ${"a".repeat(64)}`, { kind: "link", token: "a".repeat(64) }],
    [`/start ${"a".repeat(15)}`, { kind: "bad-link" }],
    [`/start ${"a".repeat(65)}`, { kind: "bad-link" }],
    [`/start ${TOKEN}!`, { kind: "bad-link" }],
    [`/start ${TOKEN} ${TOKEN}`, { kind: "bad-link" }],
    [`/start ${TOKEN.slice(0, 10)}+${TOKEN.slice(10)}`, { kind: "bad-link" }],
    [`/start ${"ё".repeat(20)}`, { kind: "bad-link" }],
    ["/start", { kind: "start" }],
    ["/start   ", { kind: "start" }],
    ["/start@School_Bot", { kind: "start" }],
    ["/stop", { kind: "stop" }],
    ["/stop@School_Bot", { kind: "stop" }],
    ["/stop please", { kind: "stop" }],
    [`/start@OtherBot ${TOKEN}`, { kind: "help" }],
    ["/stop@OtherBot", { kind: "help" }],
    ["/help", { kind: "help" }],
    ["/starts", { kind: "help" }],
    ["/start-now", { kind: "help" }],
    [`start ${TOKEN}`, { kind: "help" }],
    [`Привет /start ${TOKEN}`, { kind: "help" }],
    ["", { kind: "help" }],
    ["/", { kind: "help" }],
  ];
  it.each(cases)("%j → %j", (text, expected) => {
    expect(parseBotCommand(text, BOT)).toEqual(expected);
  });

  it("takes the bot's name with or without its @", () => {
    expect(parseBotCommand(`/start@School_Bot ${TOKEN}`, "@School_Bot")).toEqual({ kind: "link", token: TOKEN });
  });
});

describe("secretMatches", () => {
  it.each([
    ["s3cret-value", "s3cret-value", true],
    ["s3cret-valuE", "s3cret-value", false],
    ["s3cret", "s3cret-value", false],
    ["s3cret-value-and-more", "s3cret-value", false],
    ["", "s3cret-value", false],
    [null, "s3cret-value", false],
    ["", "", false],
  ] as const)("%j against %j → %s", (received, expected, result) => {
    expect(secretMatches(received, expected)).toBe(result);
  });
});

const privateText = (text: unknown, chat: Record<string, unknown> = { id: 42, type: "private" }) => ({
  update_id: 1,
  message: { message_id: 5, date: 1_700_000_000, chat, from: { id: 42, is_bot: false, first_name: "Аня", username: "anya" }, text },
});

describe("privateMessageOf", () => {
  it("reads a private chat's text message, ignoring fields it does not know", () => {
    expect(privateMessageOf({ ...privateText("/stop"), extra: { nested: true } })).toEqual({ chatId: 42, username: "anya", text: "/stop" });
  });

  it("reads a message without text as such", () => {
    const sticker: Record<string, unknown> = { ...privateText("x").message, sticker: {} };
    delete sticker.text;
    expect(privateMessageOf({ update_id: 1, message: sticker })).toEqual({ chatId: 42, username: "anya", text: null });
  });

  it.each([
    ["a group", privateText("/stop", { id: -100, type: "group", title: "Поток" })],
    ["a supergroup", privateText("/stop", { id: -1001, type: "supergroup", title: "Поток" })],
    ["an edited message", { update_id: 1, edited_message: privateText("/stop").message }],
    ["a member update", { update_id: 1, my_chat_member: { chat: { id: 42, type: "private" } } }],
    ["a chat id that is not a number", privateText("/stop", { id: "42", type: "private" })],
    ["text that is not a string", privateText(42)],
    ["no update_id", { message: privateText("/stop").message }],
    ["null", null],
    ["an array", [privateText("/stop")]],
    ["a string", "/stop"],
  ])("ignores %s", (_label, body) => {
    expect(privateMessageOf(body)).toBeNull();
  });
});

function fakeDeps(overrides: Partial<TelegramWebhookDeps> = {}) {
  const calls: string[] = [];
  const replies: { chatId: number; text: string }[] = [];
  const logs: string[] = [];
  const deps: TelegramWebhookDeps = {
    botUsername: BOT,
    async link(token, chatId, username) {
      calls.push(`link ${token} ${chatId} ${username}`);
      return token === TOKEN ? "user-1" : null;
    },
    async unlink(chatId) {
      calls.push(`unlink ${chatId}`);
      return true;
    },
    async send(chatId, text): Promise<TelegramSendOutcome> {
      replies.push({ chatId, text });
      return { ok: true };
    },
    log: (message) => void logs.push(message),
    ...overrides,
  };
  return { deps, calls, replies, logs };
}

describe("handleTelegramUpdate", () => {
  it("links the chat with a fresh token and says so", async () => {
    const { deps, calls, replies } = fakeDeps();
    expect(await handleTelegramUpdate(privateText(`/start ${TOKEN}`), deps)).toEqual({ handled: true, command: "link", reply: BOT_REPLIES.linked });
    expect(calls).toEqual([`link ${TOKEN} 42 anya`]);
    expect(replies).toEqual([{ chatId: 42, text: BOT_REPLIES.linked }]);
  });

  it("passes a user without a @username as null", async () => {
    const { deps, calls } = fakeDeps();
    const update = privateText(`/start ${TOKEN}`);
    delete (update.message.from as { username?: string }).username;
    await handleTelegramUpdate(update, deps);
    expect(calls).toEqual([`link ${TOKEN} 42 null`]);
  });

  it("answers an unknown, expired or spent token with the stale-link text", async () => {
    const { deps, replies } = fakeDeps();
    await handleTelegramUpdate(privateText(`/start ${"z".repeat(32)}`), deps);
    expect(replies).toEqual([{ chatId: 42, text: BOT_REPLIES.staleLink }]);
  });

  it("does not ask the database about a payload that cannot be a token", async () => {
    const { deps, calls, replies } = fakeDeps();
    await handleTelegramUpdate(privateText("/start ../../etc"), deps);
    expect(calls).toEqual([]);
    expect(replies).toEqual([{ chatId: 42, text: BOT_REPLIES.staleLink }]);
  });

  it("explains itself on a bare /start, unlinks on /stop, and helps otherwise", async () => {
    const { deps, calls, replies } = fakeDeps();
    await handleTelegramUpdate(privateText("/start"), deps);
    await handleTelegramUpdate(privateText("/stop"), deps);
    await handleTelegramUpdate(privateText("Когда следующий урок?"), deps);
    expect(calls).toEqual(["unlink 42"]);
    expect(replies.map((reply) => reply.text)).toEqual([BOT_REPLIES.startWithoutToken, BOT_REPLIES.unlinked, BOT_REPLIES.help]);
  });

  it("stays silent outside private chats and on what it cannot read", async () => {
    const { deps, calls, replies } = fakeDeps();
    expect(await handleTelegramUpdate(privateText(`/start ${TOKEN}`, { id: -100, type: "group", title: "Поток" }), deps)).toEqual({ handled: false });
    expect(await handleTelegramUpdate({ nonsense: true }, deps)).toEqual({ handled: false });
    expect(await handleTelegramUpdate(null, deps)).toEqual({ handled: false });
    expect(calls).toEqual([]);
    expect(replies).toEqual([]);
  });

  it("tells the student when the database fails, and throws nothing", async () => {
    const { deps, replies, logs } = fakeDeps({
      link: () => Promise.reject(new Error("connection refused")),
      unlink: () => Promise.reject(new Error("connection refused")),
    });
    await expect(handleTelegramUpdate(privateText(`/start ${TOKEN}`), deps)).resolves.toMatchObject({ reply: BOT_REPLIES.failed });
    await expect(handleTelegramUpdate(privateText("/stop"), deps)).resolves.toMatchObject({ reply: BOT_REPLIES.failed });
    expect(replies.map((reply) => reply.text)).toEqual([BOT_REPLIES.failed, BOT_REPLIES.failed]);
    expect(logs).toEqual(["telegram webhook: link failed", "telegram webhook: stop failed"]);
  });

  it("logs a reply Telegram refused and carries on", async () => {
    const { deps, logs } = fakeDeps({ send: async () => ({ ok: false, permanent: true, error: "403: Forbidden: bot was blocked by the user" }) });
    expect(await handleTelegramUpdate(privateText("/stop"), deps)).toMatchObject({ handled: true, command: "stop" });
    expect(logs).toEqual(["telegram webhook: the reply to chat 42 was not sent: 403: Forbidden: bot was blocked by the user"]);
  });
});
