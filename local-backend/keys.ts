import { randomUUID } from "node:crypto";
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  errors,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from "jose";
import type { Database } from "./database";

/** The Supabase CLI's well-known local secret and the API keys signed with it. */
export const LEGACY_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";
export const ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";
export const SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

/**
 * The Supabase CLI's local opaque API keys. The secret key is the only kind whose callers may
 * name their client's address (Sb-Forwarded-For), as on hosted projects.
 */
export const PUBLISHABLE_KEY = "sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH";
export const SECRET_KEY = "sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz";

/** The role an opaque API key stands for; null for anything else. */
export function opaqueKeyRole(key: string): "anon" | "service_role" | null {
  if (key === PUBLISHABLE_KEY) return "anon";
  if (key === SECRET_KEY) return "service_role";
  return null;
}

/**
 * The CLI's legacy secret is public, so it proves nothing about a token it signs except that the
 * token is one of the two API keys the CLI prints: HS256 is accepted for exactly those, and every
 * user token must carry our ES256 signature. Anything else signed with it would be a forgery.
 */
const LEGACY_API_KEYS: ReadonlySet<string> = new Set([ANON_KEY, SERVICE_ROLE_KEY]);
const legacySecret = new TextEncoder().encode(LEGACY_JWT_SECRET);

/** The claims an API key stands for, as the gateway accepts keys: the CLI's four keys and nothing else. */
export function apiKeyClaims(key: string): Claims | null {
  const opaque = opaqueKeyRole(key);
  if (opaque) return { role: opaque, iss: "supabase" };
  return LEGACY_API_KEYS.has(key) ? (decodeJwt(key) as Claims) : null;
}

export type Claims = JWTPayload & {
  role?: string;
  session_id?: string;
  email?: string;
};

/** A refusal carries jose's own message (e.g. `"exp" claim timestamp check failed`), which Storage shows. */
export type VerifyResult = { ok: true; claims: Claims } | { ok: false; reason: "expired" | "invalid"; message: string };

export interface Signer {
  kid: string;
  publicJwks: { keys: JWK[] };
  sign(claims: Claims, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
}

/** Loads the ES256 signing key kept in the database, creating it (with a new kid) on first start. */
export async function loadSigner(db: Database): Promise<Signer> {
  let row = (await db.query<{ kid: string; private_jwk: JWK }>(`select kid, private_jwk from _local.signing_keys`))
    .rows[0];
  if (!row) {
    const { privateKey } = await generateKeyPair("ES256", { extractable: true });
    row = { kid: randomUUID(), private_jwk: await exportJWK(privateKey) };
    await db.query(`insert into _local.signing_keys (kid, private_jwk) values ($1, $2)`, [row.kid, row.private_jwk]);
  }
  const { kid, private_jwk } = row;
  const privateKey = (await importJWK(private_jwk, "ES256")) as CryptoKey;
  const { kty, crv, x, y } = private_jwk;
  const publicJwk: JWK = { kty, crv, x, y };
  const publicKey = (await importJWK(publicJwk, "ES256")) as CryptoKey;

  return {
    kid,
    publicJwks: { keys: [{ ...publicJwk, kid, alg: "ES256", use: "sig", key_ops: ["verify"] }] },
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iat: now, exp: now + expiresInSeconds, ...claims })
        .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
        .sign(privateKey);
    },
    async verify(token) {
      try {
        const isLegacyKey = LEGACY_API_KEYS.has(token);
        const key = isLegacyKey ? legacySecret : decodeProtectedHeader(token).kid === kid ? publicKey : null;
        if (!key) return { ok: false, reason: "invalid", message: "signature verification failed" };
        const { payload } = await jwtVerify(token, key, { algorithms: [isLegacyKey ? "HS256" : "ES256"] });
        return { ok: true, claims: payload as Claims };
      } catch (error) {
        return {
          ok: false,
          reason: error instanceof errors.JWTExpired ? "expired" : "invalid",
          message: error instanceof Error ? error.message : "invalid JWT",
        };
      }
    },
  };
}
