import { spawn, type StdioOptions } from "node:child_process";
import path from "node:path";
import { ANON_KEY } from "../supabase/local/keys";

/** Runs the Next.js CLI pointed at a Supabase backend (the local one's anon key by default). */
export const ROOT = path.resolve(import.meta.dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules/next/dist/bin/next");

export function nextEnv(supabaseUrl: string, distDir?: string, key = ANON_KEY): Record<string, string> {
  return {
    NEXT_PUBLIC_SUPABASE_URL: supabaseUrl,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: key,
    ...(distDir ? { NEXT_DIST_DIR: distDir } : {}),
  };
}

export function runNext(args: string[], env: Record<string, string | undefined>, stdio: StdioOptions = "inherit") {
  return spawn(process.execPath, [NEXT_BIN, ...args], { cwd: ROOT, stdio, env: { ...process.env, ...env } });
}

/** Resolves when a child process ends, with its exit code. */
export function exitCode(child: ReturnType<typeof runNext>): Promise<number> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code ?? 1)));
}
