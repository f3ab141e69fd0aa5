import { spawn } from "node:child_process";
import path from "node:path";
import { PUBLISHABLE_KEY, SECRET_KEY } from "@/local-backend/server";
import type { LocalBackend } from "@/local-backend/server";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The app's environment for a backend, as `npm run dev` sets it, plus a cron secret. */
export function appEnvFor(target: LocalBackend, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NEXT_PUBLIC_SUPABASE_URL: target.url,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    SUPABASE_SECRET_KEY: SECRET_KEY,
    NEXT_PUBLIC_SITE_URL: target.siteUrl,
    SMTP_URL: target.smtpUrl,
    CRON_SECRET: "a-cron-secret-long-enough-to-keep",
    ...overrides,
  };
}

/** Runs one of the owner's scripts (`npm run doctor`, `npm run grant-admin`) with only the given variables of the app set. */
export function runProjectScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(NEXT_PUBLIC_|SUPABASE_|SMTP_|EMAIL_FROM|TELEGRAM_|CRON_SECRET|DOCTOR_)/.test(name)),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: { ...inherited, ...env } as NodeJS.ProcessEnv });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => resolve({ code: code ?? 1, output }));
  });
}
