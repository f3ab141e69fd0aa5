import loadEnv from "@next/env";
import { SITE_URL } from "../lib/site";
import { createServiceClient } from "../lib/supabase/service";
import { deliverAllDue } from "../lib/notifications/deliver";
import { configuredSenders } from "../lib/notifications/senders";
import { startWorker } from "../lib/notifications/worker";

/**
 * `npm run worker`: sends the notifications the database has planned, on a server beside the app
 * (NEXT_PUBLIC_SUPABASE_URL, SUPABASE_SECRET_KEY, NEXT_PUBLIC_SITE_URL, SMTP_URL, TELEGRAM_*).
 * `--once` delivers what is due and exits, for a systemd timer; otherwise it polls until SIGTERM,
 * finishing the round in hand. Runs after `npm ci --omit=dev`: it loads packages of `dependencies`
 * only (tests/deploy/production-deps.test.ts).
 */
loadEnv.loadEnvConfig(process.cwd(), false);

const client = createServiceClient();
const senders = configuredSenders(SITE_URL);
console.log(`[worker] channels: ${Object.entries(senders).filter(([, sender]) => sender).map(([name]) => name).join(", ") || "none"}`);

if (process.argv.includes("--once")) {
  try {
    console.log(`[worker] ${JSON.stringify(await deliverAllDue(client, senders))}`);
  } catch (error) {
    console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
} else {
  const worker = startWorker({ client, senders, intervalMs: Number(process.env.NOTIFICATIONS_WORKER_INTERVAL_MS ?? 10_000) });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => void worker.stop().then(() => process.exit(0)));
  }
}
