import { createPublicKey, verify, type KeyObject } from "node:crypto";
import type { JWK, JwtPayload } from "@supabase/supabase-js";
import { combineChunks, stringFromBase64URL } from "@supabase/ssr";
import { roleFromClaims } from "@/lib/domain/roles";
import { supabaseEnv } from "./env";
import type { SessionState } from "./session";
import { signingKeys } from "./signing-keys";

/**
 * The proxy's fast path for the common request: a session cookie whose access token is far from
 * expiry and signed by a known key. Building an Auth client (GoTrueClient, its storage and locks)
 * and importing the signing key again on every request was most of the proxy's CPU; anything
 * this cannot decide (a refresh due, an unknown key, no role claim) is null and goes the full way.
 */

// auth-js refreshes 90 s before expiry; leaving it anything closer keeps every refresh its own.
const REFRESH_MARGIN_MS = 120 * 1000;

// JWT signatures: ES256's is the raw r‖s pair (IEEE P1363), RS256's is PKCS#1 v1.5.
const ALGORITHMS: Record<string, { kty: string; dsaEncoding?: "ieee-p1363" }> = {
  ES256: { kty: "EC", dsaEncoding: "ieee-p1363" },
  RS256: { kty: "RSA" },
};

// Keyed by the key object itself, so a refresh of the project's keys (new objects) drops both the
// imported key and the tokens it verified. Node's synchronous verify: WebCrypto's queued one cost
// several times more. A session sends the same token for an hour: its signature is checked once.
const importedKeys = new WeakMap<JWK, { key: KeyObject; verified: Map<string, JwtPayload> }>();
const VERIFIED_TOKENS_KEPT = 10_000;

const decodeJson = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString());

/** The claims of an unexpired access token signed by one of the project's known keys; null when that cannot be told here. */
export async function verifiedClaims(token: string): Promise<JwtPayload | null> {
  const [header, payload, signature, extra] = token.split(".");
  if (!header || !payload || !signature || extra !== undefined) return null;
  try {
    const { alg, kid } = decodeJson(header);
    const algorithm = Object.hasOwn(ALGORITHMS, alg) ? ALGORITHMS[alg] : undefined;
    const jwk = kid ? (await signingKeys()).find((key) => key.kid === kid) : undefined;
    if (!algorithm || jwk?.kty !== algorithm.kty) return null;
    let imported = importedKeys.get(jwk);
    if (!imported) importedKeys.set(jwk, (imported = { key: createPublicKey({ key: { ...jwk }, format: "jwk" }), verified: new Map() }));
    let claims = imported.verified.get(token) ?? null;
    if (!claims && verify("sha256", Buffer.from(`${header}.${payload}`), { key: imported.key, dsaEncoding: algorithm.dsaEncoding }, Buffer.from(signature, "base64url"))) {
      claims = decodeJson(payload) as JwtPayload;
      if (imported.verified.size >= VERIFIED_TOKENS_KEPT) imported.verified.clear();
      imported.verified.set(token, claims);
    }
    return typeof claims?.exp === "number" && claims.exp * 1000 > Date.now() ? claims : null;
  } catch {
    return null;
  }
}

type Cookie = { name: string; value: string };

/** The signed-in user of the session cookie when no refresh is due and its token verifies here; else null. */
export async function freshSession(cookies: Cookie[]): Promise<SessionState | null> {
  const storageKey = `sb-${new URL(supabaseEnv().url).hostname.split(".")[0]}-auth-token`;
  try {
    const stored = await combineChunks(storageKey, (name) => cookies.find((cookie) => cookie.name === name)?.value);
    const json = stored?.startsWith("base64-") ? stringFromBase64URL(stored.slice("base64-".length)) : stored;
    const session: { access_token?: unknown; expires_at?: unknown } | null = json ? JSON.parse(json) : null;
    const token = session?.access_token;
    if (typeof token !== "string" || typeof session?.expires_at !== "number") return null;
    if (session.expires_at * 1000 - Date.now() < REFRESH_MARGIN_MS) return null;
    const claims = await verifiedClaims(token);
    const role = claims && roleFromClaims(claims);
    if (!claims?.sub || !role) return null;
    return { kind: "user", user: { id: claims.sub, email: typeof claims.email === "string" ? claims.email : "", role }, accessToken: token };
  } catch {
    return null;
  }
}
