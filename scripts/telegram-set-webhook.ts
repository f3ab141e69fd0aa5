import loadEnv from "@next/env";
import { Api, GrammyError, HttpError } from "grammy/web";
import { ROOT } from "./next-app";

/**
 * `npx tsx scripts/telegram-set-webhook.ts [https://school.example]`: tells Telegram to post the
 * bot's updates to the app's webhook (app/api/telegram/webhook), with TELEGRAM_WEBHOOK_SECRET in
 * the header it checks. A bare address gets the route's path; without one, NEXT_PUBLIC_SITE_URL.
 * Reads the environment and .env / .env.local as the app does; `--delete` removes the webhook.
 */
const WEBHOOK_PATH = "/api/telegram/webhook";

loadEnv.loadEnvConfig(ROOT, false);
const args = process.argv.slice(2);
const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const token = process.env.TELEGRAM_BOT_TOKEN?.trim() || fail("Set TELEGRAM_BOT_TOKEN (from @BotFather).");
const apiRoot = (process.env.TELEGRAM_API_ROOT?.trim() || "https://api.telegram.org").replace(/\/+$/, "");
const api = new Api(token, { apiRoot, timeoutSeconds: 30 });

try {
  if (args.includes("--delete")) {
    await api.deleteWebhook();
    console.log("The webhook is removed: the bot gets no messages until it is set again.");
  } else {
    const secret = process.env.TELEGRAM_WEBHOOK_SECRET?.trim() ?? "";
    // Telegram's rule for secret_token.
    if (!/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
      fail("Set TELEGRAM_WEBHOOK_SECRET: 1-256 characters of A-Z, a-z, 0-9, _ and - (e.g. `openssl rand -hex 32`).");
    }
    const url = webhookUrl(args.find((arg) => !arg.startsWith("--")) ?? process.env.NEXT_PUBLIC_SITE_URL);
    await api.setWebhook(url, { secret_token: secret, allowed_updates: ["message"] });
    const info = await api.getWebhookInfo();
    console.log(`Telegram posts the bot's messages to ${info.url} (${info.pending_update_count} waiting).`);
    if (info.last_error_message) console.log(`Its last delivery failed: ${info.last_error_message}`);
  }
} catch (thrown) {
  fail(thrown instanceof GrammyError ? `Telegram refused: ${thrown.description}` : `Could not reach Telegram at ${apiRoot}: ${String(thrown instanceof HttpError ? thrown.error : thrown)}`);
}

function webhookUrl(given: string | undefined): string {
  if (!given) return fail("Name the app's public address: npx tsx scripts/telegram-set-webhook.ts https://school.example");
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return fail(`Not an address: ${given}`);
  }
  if (url.pathname === "/" || url.pathname === "") url.pathname = WEBHOOK_PATH;
  // Telegram delivers to HTTPS only; a stand-in API (TELEGRAM_API_ROOT) may take a local http address.
  if (url.protocol !== "https:" && !process.env.TELEGRAM_API_ROOT) fail(`Telegram needs an https:// address, not ${url.href}`);
  return url.href;
}
