import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { PUBLISHABLE_KEY, SECRET_KEY, SEEDED, serviceClient, signedIn, startTestBackend } from "@/local-backend/tests/harness";
import { privateTextUpdate, startFakeBotApi, type FakeBotApi } from "./telegram-bot-api";

vi.mock("server-only", () => ({}));

/** The stand-in answers as Telegram does: raw HTTP calls, without a client library in between. */
const TOKEN = "777:fake-token";
let fake: FakeBotApi;
beforeAll(async () => {
  fake = await startFakeBotApi({ token: TOKEN });
});
afterAll(async () => fake?.close());

async function call(method: string, params?: Record<string, unknown>, init: { token?: string; form?: boolean } = {}) {
  const url = `${fake.apiRoot}/bot${init.token ?? TOKEN}/${method}`;
  const response = !params
    ? await fetch(url)
    : init.form
      ? await fetch(url, { method: "POST", body: new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])) })
      : await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(params) });
  return { status: response.status, body: await response.json() };
}

/** A webhook that records what it was sent and answers with `status`. */
async function startWebhook(status = 200) {
  const received: { secret: string | undefined; body: unknown }[] = [];
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    received.push({ secret: request.headers["x-telegram-bot-api-secret-token"] as string | undefined, body: JSON.parse(Buffer.concat(chunks).toString()) });
    response.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, close: () => server.close() };
}

describe("the fake Bot API", () => {
  it("answers getMe with the bot, by GET or POST, whatever the method's case", async () => {
    const expected = { ok: true, result: { id: 777, is_bot: true, first_name: "School Test Bot", username: "school_test_bot" } };
    expect(await call("getMe")).toEqual({ status: 200, body: expected });
    expect(await call("getme", {})).toEqual({ status: 200, body: expected });
  });

  it("refuses a wrong token, an unknown method and a foreign path as Telegram does", async () => {
    expect(await call("getMe", undefined, { token: "777:other" })).toEqual({ status: 401, body: { ok: false, error_code: 401, description: "Unauthorized" } });
    expect(await call("sendRocket", {})).toEqual({ status: 404, body: { ok: false, error_code: 404, description: "Not Found" } });
    const response = await fetch(`${fake.apiRoot}/getMe`);
    expect([response.status, await response.json()]).toEqual([404, { ok: false, error_code: 404, description: "Not Found" }]);
  });

  it("sends a message and answers with the Message", async () => {
    const { status, body } = await call("sendMessage", { chat_id: 5001, text: "Привет" });
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ chat: { id: 5001, type: "private" }, from: { id: 777, is_bot: true }, text: "Привет" });
    expect(body.result.message_id).toBeGreaterThan(0);
    expect(body.result.date).toBeCloseTo(Date.now() / 1000, -1);
    expect(fake.sent().at(-1)).toEqual({ chat_id: 5001, text: "Привет", message: body.result });
  });

  it("takes form-encoded parameters, with chat_id as a string", async () => {
    expect(await call("sendMessage", { chat_id: "5002", text: "Форма" }, { form: true })).toMatchObject({ status: 200, body: { result: { chat: { id: 5002 }, text: "Форма" } } });
  });

  it("refuses what Telegram refuses", async () => {
    const refused = (description: string) => ({ status: 400, body: { ok: false, error_code: 400, description } });
    expect(await call("sendMessage", { chat_id: 5001, text: "  " })).toEqual(refused("Bad Request: message text is empty"));
    expect(await call("sendMessage", { chat_id: 5001 })).toEqual(refused("Bad Request: message text is empty"));
    expect(await call("sendMessage", { text: "x" })).toEqual(refused("Bad Request: chat_id is empty"));
    expect(await call("sendMessage", { chat_id: "someone", text: "x" })).toEqual(refused("Bad Request: chat not found"));
    expect(await call("sendMessage", { chat_id: 5001, text: "x".repeat(4097) })).toEqual(refused("Bad Request: message is too long"));
    expect((await call("sendMessage", { chat_id: 5001, text: "1 < 2", parse_mode: "HTML" })).body.description).toMatch(/^Bad Request: can't parse entities: /);
    expect((await call("sendMessage", { chat_id: 5001, text: "<script>x</script>", parse_mode: "HTML" })).body.description).toMatch(/^Bad Request: can't parse entities: /);
  });

  it("fails the next sends as asked, in order, then sends again", async () => {
    fake.failNext(1, "429", 9);
    fake.failNext(1, "blocked");
    fake.failNext(1, "chat_not_found");
    fake.failNext(1, "500");
    const send = () => call("sendMessage", { chat_id: 5001, text: "x" });
    expect(await send()).toEqual({ status: 429, body: { ok: false, error_code: 429, description: "Too Many Requests: retry after 9", parameters: { retry_after: 9 } } });
    expect(await send()).toEqual({ status: 403, body: { ok: false, error_code: 403, description: "Forbidden: bot was blocked by the user" } });
    expect(await send()).toEqual({ status: 400, body: { ok: false, error_code: 400, description: "Bad Request: chat not found" } });
    expect(await send()).toEqual({ status: 500, body: { ok: false, error_code: 500, description: "Internal Server Error" } });
    expect((await send()).status).toBe(200);
  });

  it("sets, reports and deletes the webhook with Telegram's descriptions", async () => {
    const url = "https://school.example/api/telegram/webhook";
    expect((await call("setWebhook", { url: "not a url" })).status).toBe(400);
    expect((await call("setWebhook", { url, secret_token: "bad secret!" })).status).toBe(400);
    expect(await call("setWebhook", { url, secret_token: "s3cret", allowed_updates: ["message"] })).toEqual({ status: 200, body: { ok: true, result: true, description: "Webhook was set" } });
    expect((await call("setWebhook", { url, secret_token: "s3cret" })).body.description).toBe("Webhook is already set");
    expect(fake.webhook()).toEqual({ url, secret_token: "s3cret" });
    expect((await call("getWebhookInfo")).body.result).toEqual({ url, has_custom_certificate: false, pending_update_count: 0, max_connections: 40, allowed_updates: ["message"] });
    expect((await call("deleteWebhook", {})).body).toEqual({ ok: true, result: true, description: "Webhook was deleted" });
    expect((await call("deleteWebhook", {})).body.description).toBe("Webhook is already deleted");
    expect(fake.webhook()).toBeNull();
    expect((await call("getWebhookInfo")).body.result).toEqual({ url: "", has_custom_certificate: false, pending_update_count: 0 });
  });

  it("delivers an update to the webhook with the secret header, and remembers a refusal", async () => {
    const hook = await startWebhook(401);
    try {
      await expect(fake.pushUpdate(privateTextUpdate({ chatId: 5003, text: "/start" }))).rejects.toThrow(/No webhook/);
      await call("setWebhook", { url: hook.url, secret_token: "s3cret" });
      expect(await fake.pushUpdate(privateTextUpdate({ chatId: 5003, text: "/start", username: "anya" }))).toBe(401);
      expect(hook.received).toEqual([
        {
          secret: "s3cret",
          body: expect.objectContaining({
            update_id: expect.any(Number),
            message: expect.objectContaining({ chat: { id: 5003, type: "private", first_name: "Test", username: "anya" }, text: "/start" }),
          }),
        },
      ]);
      expect((await call("getWebhookInfo")).body.result.last_error_message).toBe("Wrong response from the webhook: 401 Unauthorized");
      // A chat that wrote to the bot is answered as that chat.
      expect((await call("sendMessage", { chat_id: 5003, text: "x" })).body.result.chat).toEqual({ id: 5003, type: "private", first_name: "Test", username: "anya" });
    } finally {
      hook.close();
      await call("deleteWebhook", {});
    }
  });
});

/** The webhook route as Telegram reaches it: the fake delivers updates, the local backend links chats, replies go back to the fake. */
describe("the fake in use: POST /api/telegram/webhook", () => {
  const ENV = {
    NEXT_PUBLIC_SUPABASE_URL: "",
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    SUPABASE_SECRET_KEY: SECRET_KEY,
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: "school_test_bot",
    TELEGRAM_API_ROOT: "",
    TELEGRAM_WEBHOOK_SECRET: "route-secret",
  };
  const saved = Object.fromEntries(Object.keys(ENV).map((key) => [key, process.env[key]]));
  let backend: LocalBackend;
  let app: Server;

  beforeAll(async () => {
    backend = await startTestBackend();
    Object.assign(process.env, ENV, { NEXT_PUBLIC_SUPABASE_URL: backend.url, TELEGRAM_API_ROOT: fake.apiRoot });
    const { POST } = await import("@/app/api/telegram/webhook/route");
    app = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const answer = await POST(new Request(`http://app${request.url}`, { method: "POST", headers: request.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      response.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/api/telegram/webhook`;
    await call("setWebhook", { url, secret_token: ENV.TELEGRAM_WEBHOOK_SECRET });
  });
  afterAll(async () => {
    // Files share a worker's process.env (vitest.config.ts: isolate false).
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    app?.close();
    await backend?.close();
  });

  const repliesTo = (chatId: number) => fake.sent().filter((message) => message.chat_id === chatId).map((message) => message.text);
  const linkOf = async (chatId: number) =>
    (await serviceClient(backend).from("telegram_links").select("user_id, username").eq("chat_id", chatId).maybeSingle()).data;

  it("links a student's chat with the token from the site, once", async () => {
    const { client, user } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    const { data: token, error } = await client.rpc("create_telegram_link_token");
    expect(error).toBeNull();
    expect(await fake.pushUpdate(privateTextUpdate({ chatId: 6001, text: `/start ${token}`, username: "anya" }))).toBe(200);
    expect(await linkOf(6001)).toEqual({ user_id: user.id, username: "anya" });
    expect(await fake.pushUpdate(privateTextUpdate({ chatId: 6002, text: `/start ${token}` }))).toBe(200);
    expect(await linkOf(6002)).toBeNull();
    expect(repliesTo(6001)).toEqual(["Готово! Уведомления школы будут приходить сюда. Отключить — /stop"]);
    expect(repliesTo(6002)).toEqual(["Ссылка устарела. Откройте «Настройки» на сайте школы и нажмите «Подключить Telegram» ещё раз."]);

    expect(await fake.pushUpdate(privateTextUpdate({ chatId: 6001, text: "/stop" }))).toBe(200);
    expect(await linkOf(6001)).toBeNull();
    expect(repliesTo(6001).at(-1)).toBe("Уведомления в Telegram отключены. Подключить снова можно в «Настройках».");
  });

  it("answers 401 to a wrong secret and 200 to junk, and does nothing for either", async () => {
    const before = fake.sent().length;
    const post = (body: string, secret = ENV.TELEGRAM_WEBHOOK_SECRET) =>
      fetch(fake.webhook()!.url, { method: "POST", headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret }, body });
    const forged = await post(JSON.stringify({ update_id: 1, ...privateTextUpdate({ chatId: 6003, text: "/stop" }) }), "route-secreT");
    expect(forged.status).toBe(401);
    const junk = await post("{not json");
    expect([junk.status, await junk.json()]).toEqual([200, { ok: true }]);
    const odd = await post(JSON.stringify({ update_id: "x", message: 5 }));
    expect([odd.status, await odd.json()]).toEqual([200, { ok: true }]);
    expect(fake.sent()).toHaveLength(before);
  });

  it("is not there at all without a bot", async () => {
    delete process.env.TELEGRAM_WEBHOOK_SECRET;
    try {
      expect(await fake.pushUpdate(privateTextUpdate({ chatId: 6004, text: "/start" }))).toBe(404);
    } finally {
      process.env.TELEGRAM_WEBHOOK_SECRET = ENV.TELEGRAM_WEBHOOK_SECRET;
    }
  });
});
