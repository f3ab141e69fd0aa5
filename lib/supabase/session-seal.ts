import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { processState } from "./process-state";
import type { SessionState } from "./session";

/**
 * How the proxy hands the session it verified to the page, so the page does not verify the same
 * token again: a request header, signed with a key of this process (random, never leaving it, so
 * nothing outside can forge the header) and bound to the session's cookies.
 */

/** The request header through which the proxy hands the verified session to the page. */
export const SESSION_SEAL_HEADER = "x-verified-session";

/** What the proxy seals: it passes an unreachable Auth on unsealed, for the page to try again. */
export type SealedSession = Exclude<SessionState, { kind: "unavailable" }>;

type Cookie = { name: string; value: string };

/** Supabase's own cookies (`sb-…`: the session, its chunks, the PKCE verifier). */
export const isSessionCookie = ({ name }: Cookie) => name.startsWith("sb-");

/**
 * The session's own cookies, as the seal is bound to them: after a server action signs in or out,
 * the page renders again in the same request, with other cookies, and must not reuse the session
 * the proxy saw.
 */
const sessionCookiesOf = (cookies: Cookie[]) =>
  cookies
    .filter(isSessionCookie)
    .map(({ name, value }) => `${name}=${value}`)
    .sort()
    .join(";");

const sealKey = () => processState("sealKey", () => ({ secret: randomBytes(32) })).secret;

const sign = (payload: string, cookies: Cookie[]) =>
  createHmac("sha256", sealKey()).update(`${payload}\n${sessionCookiesOf(cookies)}`).digest("base64url");

/** Any JSON value, sealed for these session cookies. */
export function sealValue(value: unknown, cookies: Cookie[]): string {
  const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${payload}.${sign(payload, cookies)}`;
}

/** The value a header seals, when it is this process's seal for these session cookies; else null. */
export function unsealValue(header: string | null, cookies: Cookie[]): { value: unknown } | null {
  const [payload, signature, extra] = header?.split(".") ?? [];
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(payload, cookies));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { value: JSON.parse(Buffer.from(payload, "base64url").toString()) };
}

/** When an access token stops being good (its `exp`, in seconds), read from its verified payload. */
export function tokenExpiry(accessToken: string): number {
  try {
    const exp: unknown = JSON.parse(Buffer.from(accessToken.split(".")[1] ?? "", "base64url").toString()).exp;
    return typeof exp === "number" ? exp : 0;
  } catch {
    return 0;
  }
}

/** What the proxy sets on the request it passes on: the session it verified, for these cookies. */
export function sealSession(session: SealedSession, cookies: Cookie[]): string {
  return sealValue(session, cookies);
}

/**
 * The session the proxy sealed for these cookies; null when there is no seal of this process for
 * them (a server action that signed in or out, no proxy in front) or its token has expired since,
 * should a header ever be replayed: the server then verifies the cookies itself.
 */
export function openSession(header: string | null, cookies: Cookie[]): SealedSession | null {
  const session = unsealValue(header, cookies)?.value as SealedSession | undefined;
  if (session?.kind === "anonymous") return session;
  if (session?.kind === "user" && tokenExpiry(session.accessToken) * 1000 > Date.now()) return session;
  return null;
}
