import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { z } from "zod";
import { isValidGlob } from "./auth/glob";

const SUPABASE_DIR = path.resolve(import.meta.dirname, "../supabase");
const PROJECT_DIR = path.resolve(SUPABASE_DIR, "..");

/** The values of supabase/config.toml (the Supabase CLI's own file) the embedded backend uses. */
export interface BackendConfig {
  port: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpirySeconds: number;
  refreshTokenReuseIntervalSeconds: number;
  minimumPasswordLength: number;
  maxRows: number;
  /** `[auth.email] otp_length`: digits of an email's code (6–10, GOTRUE_MAILER_OTP_LENGTH). */
  otpLength: number;
  otpExpirySeconds: number;
  /**
   * `[auth.email] enable_confirmations = false` (the CLI's GOTRUE_MAILER_AUTOCONFIRM): an email
   * change then completes at the first of its two links. Sign-up here always confirms at once.
   */
  mailerAutoconfirm: boolean;
  /** `[auth.email] double_confirm_changes` (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED, on by default). */
  secureEmailChange: boolean;
  /** Email templates by kind, as `[auth.email.template.<kind>]`. */
  emailTemplates: Partial<Record<EmailTemplateKind, { subject: string; content: string }>>;
  rateLimits: {
    /** /signup, /recover, /otp: requests per address in 5 minutes (GoTrue's RATE_LIMIT_OTP). */
    signInSignUps: number;
    /** /token, every grant including the password sign-in: per address in 5 minutes. */
    tokenRefresh: number;
    /** /verify: per address in 5 minutes. */
    tokenVerifications: number;
    /** Emails per hour for the whole project. */
    emailSent: number;
    /** Seconds between two emails to one user. */
    emailFrequencySeconds: number;
  };
  /**
   * Stand-in-only settings (the CLI refuses unknown keys in config.toml, so they come from the
   * environment), off by default as in Supabase Auth: whether a secret-key caller's
   * `Sb-Forwarded-For` names the client (GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED, a hosted
   * project's «IP address forwarding»), and the header a trusted proxy in front of the backend
   * sets (GOTRUE_RATE_LIMIT_HEADER). Per-address limits apply only to a request that one of them
   * names; without either, none apply, as in Supabase Auth.
   */
  sbForwardedForEnabled: boolean;
  rateLimitHeader: string | null;
  /** `LOCAL_BACKEND_DATABASE_URL`: a PostgreSQL server's database (as its superuser) instead of PGlite. */
  databaseUrl: string | null;
  /** Largest request body of Auth and REST, in bytes (GoTrue: 1 MB). Storage has its own limit. */
  maxBodyBytes: number;
  /** `[storage] file_size_limit`: the largest object Storage accepts, whatever a bucket allows. */
  storageFileSizeLimit: number;
  /** `[auth.hook.custom_access_token]`: the Postgres function that may change an access token's claims. */
  customAccessTokenHook: PgFunctionHook | null;
  /** `[auth.hook.before_user_created]`: the Postgres function that may refuse a new user. */
  beforeUserCreatedHook: PgFunctionHook | null;
  /** `[auth.hook.password_verification_attempt]`: the Postgres function that may refuse a password sign-in. */
  passwordVerificationAttemptHook: PgFunctionHook | null;
  /**
   * The ЮKassa stand-in (local-backend/yookassa): its port (`LOCAL_BACKEND_YOOKASSA_PORT`; null: the
   * API port + 7, 54328 beside 54321) and the shop's notification URL
   * (`LOCAL_BACKEND_YOOKASSA_WEBHOOK_URL`; null: the site's `/api/payments/yookassa`).
   */
  yookassaPort: number | null;
  yookassaWebhookUrl: string | null;
}

/** A hook declared as `pg-functions://<database>/<schema>/<function>`. */
export interface PgFunctionHook {
  schema: string;
  name: string;
  uri: string;
}

export const EMAIL_TEMPLATE_KINDS = ["confirmation", "recovery", "magic_link", "invite", "email_change"] as const;
export type EmailTemplateKind = (typeof EMAIL_TEMPLATE_KINDS)[number];

const template = z.object({ subject: z.string().optional(), content_path: z.string().optional() });
const duration = z.string().regex(/^(?:\d+h)?(?:\d+m)?(?:\d+s)?$/, "a duration such as 60s or 1m30s");
// Only Postgres functions: an HTTP hook needs a server this stand-in does not run.
const PG_FUNCTION_URI = /^pg-functions:\/\/[^/]+\/\w+\/\w+$/;
const pgFunctionHook = z
  .object({ enabled: z.boolean().default(false), uri: z.string().optional() })
  .refine((hook) => !hook.enabled || PG_FUNCTION_URI.test(hook.uri ?? ""), {
    message: "an enabled hook needs uri = pg-functions://<database>/<schema>/<function>",
    path: ["uri"],
  })
  .optional();

/**
 * A size as the Supabase CLI reads it (docker/go-units' RAMInBytes): "50MiB", "50MB", "50M" and
 * "52428800" are all 50 × 1024² bytes; null when it is not a size.
 */
export function sizeInBytes(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?) ?([kmgtp])?i?b?$/i.exec(text);
  if (!match) return null;
  const power = match[2] ? "kmgtp".indexOf(match[2].toLowerCase()) + 1 : 0;
  return Math.floor(Number(match[1]) * 1024 ** power);
}

// The CLI reads sizes as text only: `file_size_limit = 52428800` is refused there too.
const size = z.string().refine((text) => sizeInBytes(text) !== null, "a size such as 50MiB");

const configFile = z.object({
  api: z.object({ port: z.number().int().optional(), max_rows: z.number().int().optional() }).partial().default({}),
  auth: z
    .object({
      site_url: z.string().url().optional(),
      // Supabase Auth refuses to start with a glob it cannot compile.
      additional_redirect_urls: z.array(z.string().refine(isValidGlob, "a glob gobwas/glob compiles")).optional(),
      // Anonymous users are not implemented here: a project that turns them on must not start
      // believing they work (off, Supabase Auth answers anonymous_provider_disabled, as here).
      enable_anonymous_sign_ins: z.literal(false, "anonymous sign-ins are not implemented by the local backend").optional(),
      jwt_expiry: z.number().int().optional(),
      refresh_token_reuse_interval: z.number().int().optional(),
      minimum_password_length: z.number().int().optional(),
      rate_limit: z
        .object({
          sign_in_sign_ups: z.number().int(),
          token_refresh: z.number().int(),
          token_verifications: z.number().int(),
          email_sent: z.number().int(),
        })
        .partial()
        .default({}),
      hook: z
        .object({ custom_access_token: pgFunctionHook, before_user_created: pgFunctionHook, password_verification_attempt: pgFunctionHook })
        .partial()
        .default({}),
      email: z
        .object({
          enable_confirmations: z.boolean().optional(),
          double_confirm_changes: z.boolean().optional(),
          max_frequency: duration.optional(),
          otp_length: z.number().int().min(6).max(10).optional(),
          otp_expiry: z.number().int().optional(),
          template: z.record(z.string(), template).optional(),
        })
        .partial()
        .default({}),
    })
    .partial()
    .default({}),
  storage: z.object({ enabled: z.boolean(), file_size_limit: size }).partial().default({}),
});

function durationSeconds(value: string | undefined, fallback: number): number {
  const match = value?.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/);
  if (!match) return fallback;
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function bytesOf(value: string | undefined, fallback: number): number {
  return value === undefined ? fallback : (sizeInBytes(value) ?? fallback);
}

function readTemplates(templates: Record<string, z.infer<typeof template>> = {}): BackendConfig["emailTemplates"] {
  const result: BackendConfig["emailTemplates"] = {};
  for (const kind of EMAIL_TEMPLATE_KINDS) {
    const entry = templates[kind];
    if (!entry?.content_path) continue;
    // The CLI resolves content_path from the project's root folder.
    const content = readFileSync(path.resolve(PROJECT_DIR, entry.content_path), "utf8");
    result[kind] = { subject: entry.subject ?? kind, content };
  }
  return result;
}

function pgFunction(hook: { enabled: boolean; uri?: string } | undefined): PgFunctionHook | null {
  if (!hook?.enabled || !hook.uri) return null;
  const [schema, name] = hook.uri.split("/").slice(-2);
  return { schema, name, uri: hook.uri };
}

/**
 * `env(NAME)` as the Supabase CLI reads it (pkg/config's LoadEnvHook): a string value that is
 * exactly `env(NAME)` becomes the variable's value when it is set and not empty, and stays as
 * written otherwise (the CLI then warns "environment variable is unset").
 */
const ENV_REFERENCE = /^env\((.*)\)$/;

type Environment = Record<string, string | undefined>;

function resolveEnv(value: unknown, env: Environment): unknown {
  if (typeof value === "string") {
    const name = ENV_REFERENCE.exec(value)?.[1];
    return name !== undefined && env[name] ? env[name] : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveEnv(item, env));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveEnv(item, env)]));
  }
  return value;
}

/**
 * Where the site and redirect URLs point when config.toml leaves them to an unset `env(…)`: the
 * app that `npm run dev` and the tests run, on localhost (config.toml explains the variables).
 */
export const LOCAL_SITE_URL = "http://localhost:3000";
export const LOCAL_REDIRECT_URLS = ["http://localhost:3000/**", "http://127.0.0.1:3000/**"];

const isUnresolved = (value: unknown) => typeof value === "string" && ENV_REFERENCE.test(value);

function withLocalUrls(auth: Record<string, unknown> | undefined) {
  if (!auth) return auth;
  const redirects = auth.additional_redirect_urls;
  return {
    ...auth,
    site_url: isUnresolved(auth.site_url) ? LOCAL_SITE_URL : auth.site_url,
    additional_redirect_urls: Array.isArray(redirects)
      ? [...new Set(redirects.flatMap((url) => (isUnresolved(url) ? LOCAL_REDIRECT_URLS : [url])))]
      : redirects,
  };
}

export function loadConfig(env: Environment = process.env): BackendConfig {
  return parseConfig(readFileSync(path.join(SUPABASE_DIR, "config.toml"), "utf8"), env);
}

/** The backend's settings from the text of a config.toml and the environment. */
export function parseConfig(toml: string, env: Environment): BackendConfig {
  const resolved = resolveEnv(parse(toml), env) as Record<string, unknown>;
  const file = configFile.parse({ ...resolved, auth: withLocalUrls(resolved.auth as Record<string, unknown> | undefined) });
  const { api, auth, storage } = file;
  const limits = auth.rate_limit ?? {};
  const email = auth.email ?? {};
  const fromEnv = (name: string, fallback: number) => {
    const value = env[name];
    return value !== undefined && value !== "" ? Number(value) : fallback;
  };
  return {
    port: fromEnv("LOCAL_BACKEND_PORT", api.port ?? 54321),
    // The CLI's own default when config.toml names no site at all.
    siteUrl: env.LOCAL_BACKEND_SITE_URL ?? auth.site_url ?? "http://127.0.0.1:3000",
    additionalRedirectUrls: auth.additional_redirect_urls ?? [],
    jwtExpirySeconds: fromEnv("LOCAL_BACKEND_JWT_EXPIRY", auth.jwt_expiry ?? 3600),
    refreshTokenReuseIntervalSeconds: auth.refresh_token_reuse_interval ?? 10,
    minimumPasswordLength: auth.minimum_password_length ?? 6,
    maxRows: api.max_rows ?? 1000,
    otpLength: email.otp_length ?? 6,
    otpExpirySeconds: email.otp_expiry ?? 3600,
    mailerAutoconfirm: !(email.enable_confirmations ?? false),
    secureEmailChange: email.double_confirm_changes ?? true,
    emailTemplates: readTemplates(email.template),
    rateLimits: {
      signInSignUps: limits.sign_in_sign_ups ?? 30,
      tokenRefresh: limits.token_refresh ?? 150,
      tokenVerifications: limits.token_verifications ?? 30,
      emailSent: limits.email_sent ?? 30,
      emailFrequencySeconds: durationSeconds(email.max_frequency, 60),
    },
    sbForwardedForEnabled: env.LOCAL_BACKEND_SB_FORWARDED_FOR === "true",
    rateLimitHeader: env.LOCAL_BACKEND_RATE_LIMIT_HEADER || null,
    databaseUrl: env.LOCAL_BACKEND_DATABASE_URL || null,
    maxBodyBytes: 1 << 20,
    storageFileSizeLimit: bytesOf(storage.file_size_limit, 50 * 1024 * 1024),
    customAccessTokenHook: pgFunction(auth.hook?.custom_access_token),
    beforeUserCreatedHook: pgFunction(auth.hook?.before_user_created),
    passwordVerificationAttemptHook: pgFunction(auth.hook?.password_verification_attempt),
    yookassaPort: env.LOCAL_BACKEND_YOOKASSA_PORT ? Number(env.LOCAL_BACKEND_YOOKASSA_PORT) : null,
    yookassaWebhookUrl: env.LOCAL_BACKEND_YOOKASSA_WEBHOOK_URL || null,
  };
}
