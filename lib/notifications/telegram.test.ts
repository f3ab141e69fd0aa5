import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeBotApi, type FakeBotApi } from "@/tests/support/telegram-bot-api";
import { escapeTelegramHtml, sendTelegramMessage, telegramConfigured, telegramDeepLink, telegramHtml, telegramNotification } from "./telegram";


const TOKEN = "123456:test-token";
const ENV_KEYS = ["TELEGRAM_BOT_TOKEN", "TELEGRAM_BOT_USERNAME", "TELEGRAM_API_ROOT", "TELEGRAM_WEBHOOK_SECRET"] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let fake: FakeBotApi;
beforeAll(async () => {
  fake = await startFakeBotApi({ token: TOKEN });
});
afterAll(async () => {
  await fake?.close();
});

function configure(overrides: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}) {
  Object.assign(process.env, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_BOT_USERNAME: "school_test_bot",
    TELEGRAM_API_ROOT: fake.apiRoot,
    TELEGRAM_WEBHOOK_SECRET: "webhook-secret",
    ...overrides,
  });
}
afterEach(() => {
  // Files share a worker's process.env (vitest.config.ts: isolate false).
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe("telegramNotification", () => {
  const decision = { lesson_id: "d0000000-0000-4000-8000-000000000001", lesson_title: "Интервью", tool_name: "Lovable", module_id: null, submission_id: "s1" };

  it("quotes the curator's comment, escaped, and links to it on the lesson page", () => {
    const { html } = telegramNotification("homework_returned", { ...decision, comment_id: "c1", comment: "Добавьте <цитаты> & факты" }, "https://school.example/");
    expect(html).toContain("Комментарий куратора:\n<blockquote>Добавьте &lt;цитаты&gt; &amp; факты</blockquote>");
    expect(html).toContain(`<a href="https://school.example/tech-founder/lovable/${decision.lesson_id}#comment-c1">`);
  });

  it("quotes nothing when there is no comment", () => {
    const { html } = telegramNotification("homework_accepted", decision, "https://school.example");
    expect(html).not.toContain("blockquote");
    expect(html).toContain(`#attempt-s1">`);
  });
});

describe("settings", () => {
  it("is configured only with a token, a username and a webhook secret", () => {
    configure({ TELEGRAM_WEBHOOK_SECRET: "" });
    expect(telegramConfigured()).toBe(false);
    configure();
    expect(telegramConfigured()).toBe(true);
  });

  it("links to the bot with the token as the start payload", () => {
    configure({ TELEGRAM_BOT_USERNAME: "@school_test_bot" });
    expect(telegramDeepLink("abcDEF123_-abcdef")).toBe("https://t.me/school_test_bot?start=abcDEF123_-abcdef");
  });

  it("refuses to make a link without a bot", () => {
    configure({ TELEGRAM_BOT_USERNAME: "" });
    expect(() => telegramDeepLink("abcDEF123_-abcdef")).toThrow(/not configured/);
  });
});

describe("sendTelegramMessage against the fake Bot API", () => {
  it("sends plain text as it is", async () => {
    configure();
    expect(await sendTelegramMessage(42, "Работа <принята> & проверена")).toEqual({ ok: true });
    const last = fake.sent().at(-1)!;
    expect(last).toMatchObject({ chat_id: 42, text: "Работа <принята> & проверена" });
    expect(last.parse_mode).toBeUndefined();
  });

  it("sends HTML with every value escaped, so the user sees exactly the value", async () => {
    configure();
    const title = `Урок <script>&"1"`;
    expect(await sendTelegramMessage(42, telegramHtml`<b>${title}</b>: принято`)).toEqual({ ok: true });
    const last = fake.sent().at(-1)!;
    expect(last.parse_mode).toBe("HTML");
    expect(last.text).toBe("<b>Урок &lt;script&gt;&amp;&quot;1&quot;</b>: принято");
    expect(last.message.text).toBe(`${title}: принято`);
  });

  it("escapes the three characters HTML mode needs, and quotes for attributes", () => {
    expect(escapeTelegramHtml(`a<b>&"c"`)).toBe("a&lt;b&gt;&amp;&quot;c&quot;");
  });

  it("gives Telegram's retry_after on a 429", async () => {
    configure();
    fake.failNext(1, "429", 17);
    expect(await sendTelegramMessage(42, "привет")).toEqual({
      ok: false,
      retryAfterSeconds: 17,
      permanent: false,
      error: "429: Too Many Requests: retry after 17",
    });
  });

  it("calls a blocked bot and a missing chat permanent", async () => {
    configure();
    fake.failNext(1, "blocked");
    fake.failNext(1, "chat_not_found");
    expect(await sendTelegramMessage(42, "привет")).toEqual({ ok: false, permanent: true, error: "403: Forbidden: bot was blocked by the user" });
    expect(await sendTelegramMessage(42, "привет")).toEqual({ ok: false, permanent: true, error: "400: Bad Request: chat not found" });
  });

  it("calls Telegram's 500 temporary", async () => {
    configure();
    fake.failNext(1, "500");
    expect(await sendTelegramMessage(42, "привет")).toEqual({ ok: false, permanent: false, error: "500: Internal Server Error" });
  });

  it("calls a wrong token temporary: the configuration is wrong, not the message", async () => {
    configure({ TELEGRAM_BOT_TOKEN: "123456:wrong" });
    expect(await sendTelegramMessage(42, "привет")).toEqual({ ok: false, permanent: false, error: "401: Unauthorized" });
  });

  it("calls an unreachable API temporary", async () => {
    const gone = await startFakeBotApi({ token: TOKEN });
    await gone.close();
    configure({ TELEGRAM_API_ROOT: gone.apiRoot });
    const outcome = await sendTelegramMessage(42, "привет");
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(!outcome.ok && outcome.error).toMatch(/^network: /);
  });

  it("calls a wrong API address temporary", async () => {
    configure({ TELEGRAM_API_ROOT: `${fake.apiRoot}/not-telegram` });
    expect(await sendTelegramMessage(42, "привет")).toEqual({ ok: false, permanent: false, error: "404: Not Found" });
  });

  it("calls a proxy's error page temporary", async () => {
    const proxy = createServer((_request, response) => response.writeHead(502, { "content-type": "text/html" }).end("<h1>502 Bad Gateway</h1>"));
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      configure({ TELEGRAM_API_ROOT: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
      const outcome = await sendTelegramMessage(42, "привет");
      expect(outcome).toMatchObject({ ok: false, permanent: false });
      expect(!outcome.ok && outcome.error).toMatch(/^network: /);
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  it("sends nothing without a bot", async () => {
    configure({ TELEGRAM_BOT_TOKEN: "" });
    const before = fake.sent().length;
    expect(await sendTelegramMessage(42, "привет")).toEqual({ ok: false, permanent: false, error: "Telegram is not configured" });
    expect(fake.sent()).toHaveLength(before);
  });
});
