import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { JWK, JwtPayload } from "@supabase/supabase-js";
import { supabaseEnv } from "./env";

interface ProcessState {
  keys: JWK[];
  fetchedAt: number;
  pending: Promise<void> | null;
  /** Signs what the proxy hands the page; random per process, so nothing outside it can forge it. */
  secret: Buffer;
}

// Supabase Auth's own cache lives 10 minutes, as here; beyond it the keys are refreshed in the
// background while the known ones keep verifying.
const KEYS_TTL_MS = 10 * 60 * 1000;

/**
 * The proxy and the pages are separate bundles with separate module scopes, but one process:
 * their shared state sits on globalThis, so the signing keys are fetched once per process.
 */
function processState(): ProcessState {
  const slot = Symbol.for("founder-school.verified-session");
  const holder = globalThis as typeof globalThis & { [key: symbol]: ProcessState | undefined };
  holder[slot] ??= { keys: [], fetchedAt: 0, pending: null, secret: randomBytes(32) };
  return holder[slot];
}

async function fetchKeys(state: ProcessState) {
  try {
    const { url, key } = supabaseEnv();
    const response = await fetch(`${url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: key } });
    if (!response.ok) return;
    const body: { keys?: JWK[] } = await response.json();
    if (Array.isArray(body.keys) && body.keys.length > 0) {
      state.keys = body.keys;
      state.fetchedAt = Date.now();
    }
  } catch {
    // Unreachable: getClaims falls back to its own fetch, which reports the outage.
  } finally {
    state.pending = null;
  }
}

/**
 * The project's signing keys for `auth.getClaims(undefined, { keys })`: fetched on first use,
 * then refreshed in the background. A token signed by a key not yet known (a rotation) makes
 * getClaims fetch for itself.
 */
export async function signingKeys(): Promise<JWK[]> {
  const state = processState();
  const stale = Date.now() - state.fetchedAt > KEYS_TTL_MS;
  if (stale && !state.pending) state.pending = fetchKeys(state);
  if (state.keys.length === 0) await state.pending;
  return state.keys;
}

/** The request header through which the proxy hands the verified session to the page. */
export const VERIFIED_SESSION_HEADER = "x-verified-session";

/** A session whose access token the proxy verified: its claims, and the token for the page's data calls. */
export interface VerifiedSession {
  claims: JwtPayload;
  accessToken: string;
}

type Cookie = { name: string; value: string };

/** Supabase's own cookies (`sb-…`: the session, its chunks, the PKCE verifier). */
export const isSessionCookie = ({ name }: Cookie) => name.startsWith("sb-");

/**
 * The session's own cookies (Supabase's `sb-…`), as the seal is bound to them: after a server
 * action signs out or signs in, the page renders again in the same request, with other cookies,
 * and must not reuse the session the proxy saw.
 */
const sessionOf = (cookies: Cookie[]) =>
  cookies
    .filter(isSessionCookie)
    .map(({ name, value }) => `${name}=${value}`)
    .sort()
    .join(";");

const sign = (payload: string, cookies: Cookie[]) =>
  createHmac("sha256", processState().secret).update(`${payload}\n${sessionOf(cookies)}`).digest("base64url");

/** What the proxy sets on the request it passes on: the session it verified (or none), for these cookies. */
export function sealSession(session: VerifiedSession | null, cookies: Cookie[]): string {
  const payload = Buffer.from(JSON.stringify(session)).toString("base64url");
  return `${payload}.${sign(payload, cookies)}`;
}

/**
 * The proxy's verified session, when the header is this process's own and the session cookies are
 * still the ones it saw; `undefined` otherwise (the page then verifies the session itself), `null`
 * for a signed-out visitor.
 */
export function openSession(header: string | null, cookies: Cookie[]): VerifiedSession | null | undefined {
  const [payload, signature] = header?.split(".") ?? [];
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload, cookies));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const session: VerifiedSession | null = JSON.parse(Buffer.from(payload, "base64url").toString());
  // A sealed token is only as good as its expiry, should a header ever be replayed.
  const expiry = session?.claims.exp;
  if (typeof expiry === "number" && expiry * 1000 <= Date.now()) return undefined;
  return session;
}
