import path from "node:path";
import loadEnv from "@next/env";
import { EXPECTED_GRANTS } from "../lib/health/expected-grants";
import { formatReport } from "../lib/health/format";
import { hasFailures, runDoctor } from "../lib/health/run";
import { healthSettings } from "../lib/health/settings";

/**
 * `npm run doctor`: checks a school's setup before launch and after every change of settings,
 * one line each, and exits with 1 when any check fails. It reads the app's own variables (the
 * environment, then .env.production.local, .env.local, .env.production, .env); with no Supabase
 * URL it checks the local school that `npm run dev` is running. Optional: SUPABASE_ACCESS_TOKEN
 * (and SUPABASE_PROJECT_REF off supabase.co) for Auth's SMTP, DOCTOR_STALE_MINUTES (10).
 */
const ROOT = path.resolve(import.meta.dirname, "..");
loadEnv.loadEnvConfig(ROOT, false, { info: () => {}, error: console.error });

/**
 * What `npm run dev` gives the app when it starts the local backend (scripts/dev.ts, next-app.ts).
 * Loaded only here: the local backend's modules need devDependencies a production install lacks.
 */
async function localSchool(): Promise<Record<string, string>> {
  const [{ loadConfig }, { PUBLISHABLE_KEY, SECRET_KEY }] = await Promise.all([import("../local-backend/config"), import("../local-backend/keys")]);
  const config = loadConfig();
  return {
    NEXT_PUBLIC_SUPABASE_URL: `http://127.0.0.1:${config.port}`,
    NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    SUPABASE_SECRET_KEY: SECRET_KEY,
    NEXT_PUBLIC_SITE_URL: config.siteUrl,
    // The backend's SMTP catcher, beside its HTTP port.
    SMTP_URL: `smtp://127.0.0.1:${config.port + 4}`,
  };
}

const local = !process.env.NEXT_PUBLIC_SUPABASE_URL;
const settings = healthSettings(local ? { ...process.env, ...(await localSchool()) } : process.env, local);

console.log(
  `Проверяю школу: Supabase ${settings.supabaseUrl}, сайт ${settings.siteUrl}${local ? " (локальная школа npm run dev: NEXT_PUBLIC_SUPABASE_URL не задан)" : ""}\n`,
);
const results = await runDoctor(settings, EXPECTED_GRANTS);
console.log(formatReport(results));
process.exit(hasFailures(results) ? 1 : 0);
