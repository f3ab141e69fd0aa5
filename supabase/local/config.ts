import { readFileSync } from "node:fs";
import path from "node:path";

/** The few values of supabase/config.toml the embedded backend uses. */
export interface BackendConfig {
  port: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  minimumPasswordLength: number;
  maxRows: number;
  rateLimits: {
    /** Sign-in and sign-up requests per IP, and per email, in 5 minutes. */
    signInSignUps: number;
    tokenRefresh: number;
    tokenVerifications: number;
    /** Emails per hour per IP. */
    emailSent: number;
    /** Seconds between two emails to one address. */
    emailFrequencySeconds: number;
  };
}

type TomlValue = string | number | boolean | string[];

/** Parses the flat subset of TOML that config.toml uses: tables, scalars and string arrays. */
export function parseToml(text: string): Record<string, Record<string, TomlValue>> {
  const tables: Record<string, Record<string, TomlValue>> = { "": {} };
  let current = tables[""];
  for (const rawLine of text.split("\n")) {
    const line = rawLine.replace(/\s+#.*$/, "").trim();
    if (!line || line.startsWith("#")) continue;
    const table = line.match(/^\[([\w.]+)\]$/);
    if (table) {
      current = tables[table[1]] ??= {};
      continue;
    }
    const pair = line.match(/^([\w]+)\s*=\s*(.+)$/);
    if (!pair) continue;
    current[pair[1]] = JSON.parse(pair[2]) as TomlValue;
  }
  return tables;
}

function durationSeconds(value: TomlValue | undefined, fallback: number): number {
  const match = typeof value === "string" ? value.match(/^(?:(\d+)m)?(?:(\d+)s)?$/) : null;
  if (!match) return fallback;
  return Number(match[1] ?? 0) * 60 + Number(match[2] ?? 0);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const toml = parseToml(readFileSync(path.resolve(import.meta.dirname, "../config.toml"), "utf8"));
  const api = toml["api"] ?? {};
  const auth = toml["auth"] ?? {};
  const limits = toml["auth.rate_limit"] ?? {};
  const email = toml["auth.email"] ?? {};
  const number = (value: string | undefined, fallback: TomlValue | undefined, otherwise: number) =>
    value !== undefined && value !== "" ? Number(value) : typeof fallback === "number" ? fallback : otherwise;
  return {
    port: number(env.LOCAL_BACKEND_PORT, api.port, 54321),
    siteUrl: env.LOCAL_BACKEND_SITE_URL ?? String(auth.site_url ?? "http://127.0.0.1:3000"),
    additionalRedirectUrls: (auth.additional_redirect_urls as string[] | undefined) ?? [],
    jwtExpirySeconds: number(env.LOCAL_BACKEND_JWT_EXPIRY, auth.jwt_expiry, 3600),
    refreshTokenReuseIntervalSeconds: number(undefined, auth.refresh_token_reuse_interval, 10),
    minimumPasswordLength: number(undefined, auth.minimum_password_length, 6),
    maxRows: number(undefined, api.max_rows, 1000),
    rateLimits: {
      signInSignUps: number(env.LOCAL_BACKEND_RATE_LIMIT_SIGN_IN, limits.sign_in_sign_ups, 30),
      tokenRefresh: number(env.LOCAL_BACKEND_RATE_LIMIT_REFRESH, limits.token_refresh, 150),
      tokenVerifications: number(env.LOCAL_BACKEND_RATE_LIMIT_VERIFY, limits.token_verifications, 30),
      emailSent: number(env.LOCAL_BACKEND_RATE_LIMIT_EMAIL, limits.email_sent, 2),
      emailFrequencySeconds: number(
        env.LOCAL_BACKEND_EMAIL_FREQUENCY,
        undefined,
        durationSeconds(email.max_frequency, 60),
      ),
    },
  };
}
