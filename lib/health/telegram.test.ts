import { describe, expect, it } from "vitest";
import type { UserFromGetMe, WebhookInfo } from "grammy/types";
import { telegramVerdict } from "./telegram";

const me = { id: 1, is_bot: true, first_name: "Школа", username: "school_bot" } as UserFromGetMe;
const now = new Date("2026-12-01T10:00:00Z");
const info = (extra: Partial<WebhookInfo> = {}): WebhookInfo => ({ url: "https://school.example/api/telegram/webhook", has_custom_certificate: false, pending_update_count: 0, ...extra });
const verdict = (extra: Partial<WebhookInfo> = {}, username = "school_bot") => telegramVerdict("https://school.example", username, me, info(extra), now);

describe("telegramVerdict", () => {
  it("passes for the app's webhook without recent errors", () => {
    expect(verdict()).toMatchObject({ status: "ok", detail: "бот @school_bot, вебхук https://school.example/api/telegram/webhook, ошибок доставки за последний час нет" });
  });

  it("takes the username in any case", () => {
    expect(verdict({}, "School_Bot").status).toBe("ok");
  });

  it("forgives an error older than an hour", () => {
    expect(verdict({ last_error_date: now.getTime() / 1000 - 2 * 3600, last_error_message: "Connection refused" }).status).toBe("ok");
  });

  it.each<[string, Partial<WebhookInfo>, string, string?]>([
    ["another bot's username", {}, "TELEGRAM_BOT_USERNAME = other_bot, а токен от бота @school_bot", "other_bot"],
    ["no webhook", { url: "" }, "вебхук не зарегистрирован, бот не получает сообщений: npx tsx scripts/telegram-set-webhook.ts https://school.example"],
    ["a webhook elsewhere", { url: "https://old.example/api/telegram/webhook" }, "Telegram шлёт сообщения бота на https://old.example/api/telegram/webhook, а приложение ждёт их на https://school.example/api/telegram/webhook"],
    [
      "a recent delivery error",
      { last_error_date: now.getTime() / 1000 - 300, last_error_message: "Wrong response from the webhook: 401 Unauthorized", pending_update_count: 3 },
      "Telegram не смог доставить сообщение на вебхук 5 мин назад: Wrong response from the webhook: 401 Unauthorized (ждут 3)",
    ],
  ])("names %s", (_, extra, detail, username) => {
    const result = verdict(extra, username);
    expect(result.status).toBe("fail");
    expect(result.detail).toContain(detail);
  });
});
