import path from "node:path";
import loadEnv from "@next/env";
import { DEMO_ACCOUNTS } from "../local-backend/demo-accounts";
import { startLocalBackend, type LocalBackend } from "../local-backend/server";
import { nextEnv, ROOT, runServer, yookassaEnv } from "./next-app";

/**
 * `npm run dev`: the Next.js dev server, plus the embedded Supabase backend whenever no
 * Supabase URL is configured (environment or .env.local).
 */
loadEnv.loadEnvConfig(ROOT, true);

let backend: LocalBackend | null = null;
let env: Record<string, string> = {};
if (!process.env.NEXT_PUBLIC_SUPABASE_URL) {
  backend = await startLocalBackend({
    dataDir: process.env.LOCAL_BACKEND_DATA_DIR ?? path.join(ROOT, "supabase/.local-data"),
    latencyMs: Number(process.env.LOCAL_BACKEND_LATENCY_MS ?? 0),
  });
  // Notification e-mails go to the backend's SMTP catcher (its mailbox), sent by a worker inside the app.
  env = { ...nextEnv(backend.url, backend.siteUrl), ...yookassaEnv(backend.yookassaUrl), SMTP_URL: backend.smtpUrl, NOTIFICATIONS_WORKER: "in-process" };
  const accounts = Object.values(DEMO_ACCOUNTS).map((account) => `${account.email} / ${account.password}`);
  console.log(`[dev] local Supabase at ${backend.url}; demo accounts: ${accounts.join(", ")}`);
} else {
  console.log(`[dev] using Supabase at ${process.env.NEXT_PUBLIC_SUPABASE_URL}`);
}

const next = runServer(["--dev", ...process.argv.slice(2)], env);

async function stop(code: number) {
  await backend?.close();
  process.exit(code);
}
next.on("exit", (code) => void stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => next.kill(signal));
}
