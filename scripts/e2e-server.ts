import { rmSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { startLocalBackend } from "../local-backend/server";
import {
  E2E_APP_PORT,
  E2E_APP_URL,
  E2E_BACKEND_PORT,
  E2E_BOT_API_PORT,
  E2E_CONTROL_PORT,
  E2E_DIST_DIR,
  E2E_SMTP_PORT,
  E2E_YOOKASSA_PORT,
  E2E_CRON_SECRET,
  E2E_DEV_PORT,
  E2E_DEV_URL,
  E2E_TELEGRAM,
} from "../e2e/helpers/ports";
import { startFakeBotApi } from "../tests/support/telegram-bot-api";
import { nextEnv, ROOT, runServer, yookassaEnv } from "./next-app";

/** How many times the app asked Supabase Auth whether each user's session is live (GET /auth/v1/user). */
const authChecks = new Map<string, number>();

/** The subject of a Bearer token, unverified: the backend itself verifies it, this only counts. */
function subjectOf(authorization: string | undefined): string | null {
  const payload = authorization?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1];
  if (!payload) return null;
  try {
    const sub = (JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { sub?: unknown }).sub;
    return typeof sub === "string" ? sub : null;
  } catch {
    return null;
  }
}

/**
 * The end-to-end tests' server: a throwaway in-memory backend with config.toml's own rate limits
 * and the production build of the app on its own port. Each test stands for a different visitor
 * by the X-Forwarded-For it sends (e2e/fixtures.ts), as a trusted proxy would write it, which the
 * app forwards as Sb-Forwarded-For. Notifications go out for real: e-mail to the backend's SMTP
 * catcher, Telegram to the Bot API stand-in, sent by the worker inside the app's server.
 */
const backend = await startLocalBackend({
  dataDir: "memory://",
  port: E2E_BACKEND_PORT,
  smtpPort: E2E_SMTP_PORT,
  yookassaPort: E2E_YOOKASSA_PORT,
  // As a hosted project with «IP address forwarding» on: the tests' visitors each have their own limits.
  config: { siteUrl: E2E_APP_URL, sbForwardedForEnabled: true },
  log: process.env.E2E_BACKEND_LOG ? undefined : () => {},
  observe: ({ method, path, headers }) => {
    if (method !== "GET" || path !== "/auth/v1/user") return;
    const subject = subjectOf(headers.authorization);
    if (subject) authChecks.set(subject, (authChecks.get(subject) ?? 0) + 1);
  },
});

const bot = await startFakeBotApi({ token: E2E_TELEGRAM.token, username: E2E_TELEGRAM.username, port: E2E_BOT_API_PORT });
await fetch(`${bot.url}/setWebhook`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ url: `${E2E_APP_URL}/api/telegram/webhook`, secret_token: E2E_TELEGRAM.webhookSecret }),
});

/**
 * The tests' controls: POST /outage/on or /outage/off makes the backend unreachable or not;
 * GET /telegram/sent lists what the bot sent; POST /telegram/update delivers an update to the webhook;
 * GET /auth-checks/<user id> answers how many times the app asked Auth about that user's session.
 */
createServer((request, response) => {
  const outage = request.url?.match(/^\/outage\/(on|off)$/);
  if (request.method === "POST" && outage) {
    backend.simulateOutage(outage[1] === "on");
    response.writeHead(204).end();
  } else if (request.method === "GET" && request.url?.startsWith("/auth-checks/")) {
    const count = authChecks.get(request.url.slice("/auth-checks/".length)) ?? 0;
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ count }));
  } else if (request.method === "GET" && request.url === "/telegram/sent") {
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(bot.sent()));
  } else if (request.method === "POST" && request.url === "/telegram/update") {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      void bot.pushUpdate(JSON.parse(body)).then((status) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ status })));
    });
  } else {
    response.writeHead(404).end();
  }
}).listen(E2E_CONTROL_PORT, "127.0.0.1");

// The tests play the proxy in front of the app: each visitor's X-Forwarded-For is what it wrote.
const app = runServer(["-p", String(E2E_APP_PORT), "-H", "127.0.0.1"], {
  ...nextEnv(backend.url, E2E_APP_URL, E2E_DIST_DIR),
  ...yookassaEnv(backend.yookassaUrl),
  TRUSTED_PROXY_HOPS: "1",
  SMTP_URL: backend.smtpUrl,
  TELEGRAM_BOT_TOKEN: E2E_TELEGRAM.token,
  TELEGRAM_BOT_USERNAME: E2E_TELEGRAM.username,
  TELEGRAM_WEBHOOK_SECRET: E2E_TELEGRAM.webhookSecret,
  TELEGRAM_API_ROOT: bot.apiRoot,
  NOTIFICATIONS_WORKER: "in-process",
  CRON_SECRET: E2E_CRON_SECRET,
  NOTIFICATIONS_WORKER_INTERVAL_MS: "1000",
});

// The same app as `npm run dev` runs it (React's development checks, effects run twice), for the
// keystrokes suite with E2E_KEYSTROKES_DEV=1. It writes into <distDir>/dev, beside the production
// build, from nothing, as on a fresh machine: Turbopack's cache from an earlier run can be left half-written.
const devApp = process.env.E2E_KEYSTROKES_DEV ? startDevApp() : null;

function startDevApp() {
  rmSync(path.join(ROOT, E2E_DIST_DIR, "dev"), { recursive: true, force: true });
  return runServer(["--dev", "-p", String(E2E_DEV_PORT), "-H", "127.0.0.1"], {
    ...nextEnv(backend.url, E2E_DEV_URL, E2E_DIST_DIR),
    ...yookassaEnv(backend.yookassaUrl),
    TRUSTED_PROXY_HOPS: "1",
    SMTP_URL: backend.smtpUrl,
  });
}

const stop = async (code: number) => {
  app.kill("SIGTERM");
  devApp?.kill("SIGTERM");
  await Promise.all([backend.close(), bot.close()]);
  process.exit(code);
};
app.on("exit", (code) => void stop(code ?? 1));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
