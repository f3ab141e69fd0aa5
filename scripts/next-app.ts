import { spawn, type StdioOptions } from "node:child_process";
import path from "node:path";
import { PUBLISHABLE_KEY, SECRET_KEY } from "../local-backend/keys";
import { YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID } from "../local-backend/yookassa/credentials";

/** Runs the Next.js CLI pointed at a Supabase backend (the local one's keys by default). */
export const ROOT = path.resolve(import.meta.dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

export function nextEnv(supabaseUrl: string, siteUrl: string, distDir?: string): Record<string, string> {
  return {
    NEXT_PUBLIC_SUPABASE_URL: supabaseUrl,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    NEXT_PUBLIC_SITE_URL: siteUrl,
    SUPABASE_SECRET_KEY: SECRET_KEY,
    ...(distDir ? { NEXT_DIST_DIR: distDir } : {}),
  };
}

/** The local backend's ЮKassa stand-in as the app reads a shop (lib/payments/yookassa.ts). */
export const yookassaEnv = (yookassaUrl: string): Record<string, string> => ({
  YOOKASSA_API_URL: `${yookassaUrl}/v3`,
  YOOKASSA_SHOP_ID: YOOKASSA_DEMO_SHOP_ID,
  YOOKASSA_SECRET_KEY: YOOKASSA_DEMO_SECRET_KEY,
});

export function runNext(args: string[], env: Record<string, string | undefined>, stdio: StdioOptions = "inherit") {
  return spawn(process.execPath, [NEXT_BIN, ...args], { cwd: ROOT, stdio, env: { ...process.env, ...env } });
}

/**
 * The app's own server (scripts/serve.ts: Next.js with the TCP peer recorded in X-Forwarded-For),
 * in development (`--dev`) or production, with `-p` and `-H` as `next` takes them.
 */
export function runServer(args: string[], env: Record<string, string | undefined>, stdio: StdioOptions = "inherit") {
  const serve = path.join(ROOT, "scripts/serve.ts");
  return spawn(process.execPath, ["--import", "tsx", serve, ...args], { cwd: ROOT, stdio, env: { ...process.env, ...env } });
}

/** Resolves when a child process ends, with its exit code. */
export function exitCode(child: ReturnType<typeof runNext>): Promise<number> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}
