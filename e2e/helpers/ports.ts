/**
 * Where the end-to-end stack listens, apart from `npm run dev`'s ports. E2E_STACK (a small
 * number, default 0) moves every port, the build folder and the saved sessions, so two copies of
 * the suite can run side by side on one machine.
 */
const stack = Number(process.env.E2E_STACK ?? 0) || 0;
export const E2E_STACK_SUFFIX = stack ? `-${stack}` : "";
export const E2E_APP_PORT = 3100 + stack * 10;
export const E2E_BACKEND_PORT = 54329 + stack * 10;
export const E2E_DIST_DIR = `.next-e2e${E2E_STACK_SUFFIX}`;
export const E2E_APP_URL = `http://127.0.0.1:${E2E_APP_PORT}`;
/** `npm run dev`'s server of the same app on the same backend, for the tests that must hold there too (e2e/keystrokes.spec.ts). */
export const E2E_DEV_PORT = 3105 + stack * 10;
export const E2E_DEV_URL = `http://127.0.0.1:${E2E_DEV_PORT}`;
export const E2E_BACKEND_URL = `http://127.0.0.1:${E2E_BACKEND_PORT}`;
export const E2E_CONTROL_PORT = 54330 + stack * 10;
export const E2E_CONTROL_URL = `http://127.0.0.1:${E2E_CONTROL_PORT}`;
export const E2E_SMTP_PORT = 54331 + stack * 10;
/** The local backend's ЮKassa stand-in (its API under /v3, its payment page under /checkout). */
export const E2E_YOOKASSA_PORT = 54336 + stack * 10;
export const E2E_YOOKASSA_URL = `http://127.0.0.1:${E2E_YOOKASSA_PORT}`;
/** The stand-in for Telegram's Bot API (tests/support/telegram-bot-api.ts). */
export const E2E_BOT_API_PORT = 54332 + stack * 10;
export const E2E_TELEGRAM = { token: "123456:e2e-bot-token", username: "founder_school_e2e_bot", webhookSecret: "e2e-webhook-secret" } as const;
export const E2E_CRON_SECRET = "e2e-cron-secret";
