import type { JwtPayload } from "@supabase/supabase-js";
import { sealValue, SESSION_SEAL_HEADER, unsealValue } from "./session-seal";

/**
 * The seal's former interface (claims in, `VerifiedSession | null | undefined` out), kept only for
 * tests/backend/verified-session.test.ts. The app uses lib/supabase/signing-keys.ts and
 * lib/supabase/session-seal.ts (tagged SessionState); delete this file once that test moves to
 * lib/supabase/session-seal.test.ts and signing-keys.test.ts, which cover the same ground.
 */

export { signingKeys } from "./signing-keys";
export { isSessionCookie } from "./session-seal";
export const VERIFIED_SESSION_HEADER = SESSION_SEAL_HEADER;

export interface VerifiedSession {
  claims: JwtPayload;
  accessToken: string;
}

type Cookie = { name: string; value: string };

export const sealSession = (session: VerifiedSession | null, cookies: Cookie[]): string => sealValue(session, cookies);

export function openSession(header: string | null, cookies: Cookie[]): VerifiedSession | null | undefined {
  const opened = unsealValue(header, cookies);
  if (!opened) return undefined;
  const session = opened.value as VerifiedSession | null;
  const expiry = session?.claims.exp;
  if (typeof expiry === "number" && expiry * 1000 <= Date.now()) return undefined;
  return session;
}
