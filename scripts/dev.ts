import { spawn } from "node:child_process";
import path from "node:path";
import nextEnv from "@next/env";
import { ANON_KEY, startLocalBackend } from "../supabase/local/server";

/**
 * `npm run dev`: the Next.js dev server, plus the embedded Supabase backend whenever no
 * Supabase URL is configured (environment or .env.local).
 */
const root = path.resolve(import.meta.dirname, "..");
nextEnv.loadEnvConfig(root, true);

const env = { ...process.env };
let backend: Awaited<ReturnType<typeof startLocalBackend>> | null = null;
if (!env.NEXT_PUBLIC_SUPABASE_URL) {
  backend = await startLocalBackend({
    dataDir: env.LOCAL_BACKEND_DATA_DIR ?? path.join(root, "supabase/.local-data"),
    latencyMs: Number(env.LOCAL_BACKEND_LATENCY_MS ?? 0),
  });
  env.NEXT_PUBLIC_SUPABASE_URL = backend.url;
  env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY = ANON_KEY;
  console.log(`[dev] local Supabase at ${backend.url}; demo accounts: admin@example.com / admin12345, student@example.com / student12345`);
} else {
  console.log(`[dev] using Supabase at ${env.NEXT_PUBLIC_SUPABASE_URL}`);
}

const next = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "dev", ...process.argv.slice(2)], {
  stdio: "inherit",
  env,
  cwd: root,
});

async function stop(code: number) {
  await backend?.close();
  process.exit(code);
}
next.on("exit", (code) => void stop(code ?? 0));
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => next.kill(signal));
}
