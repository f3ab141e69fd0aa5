import "server-only";
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { sessionCookieOptions } from "@/lib/supabase/env";
import { emailDigest } from "./attempts";

/**
 * A browser an account has signed in on before (OWASP's "device cookie"): it is never slowed by
 * the account's failed sign-ins, so an attacker guessing a student's password from elsewhere
 * cannot lock the student out of their own laptop or phone. The cookie lists the accounts that
 * signed in on this browser, signed with a key derived from the server's secret key.
 */

export const TRUSTED_BROWSER_COOKIE = "trusted_browser";
const MAX_ACCOUNTS = 5;
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

function signingKey(): Buffer {
  const secret = process.env.SUPABASE_SECRET_KEY;
  if (!secret) throw new Error("SUPABASE_SECRET_KEY is not set: the sign-in limits need it (docs/deployment.md).");
  return Buffer.from(hkdfSync("sha256", secret, "founder-school", "trusted-browser-cookie", 32));
}

const signatureOf = (payload: string) => createHmac("sha256", signingKey()).update(payload).digest("base64url");

/** The account digests a cookie vouches for; none when it is missing, malformed or forged. */
export function trustedAccounts(cookieValue: string | undefined): string[] {
  const [payload, signature] = (cookieValue ?? "").split(".");
  if (!payload || !signature) return [];
  const expected = Buffer.from(signatureOf(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return [];
  const digests = payload.split("~");
  return digests.every((digest) => /^[0-9a-f]{40}$/.test(digest)) ? digests : [];
}

export const isTrustedFor = (cookieValue: string | undefined, email: string) =>
  trustedAccounts(cookieValue).includes(emailDigest(email));

/** The cookie after `email` signed in on this browser: the newest accounts first, at most five. */
export function trustedBrowserCookie(cookieValue: string | undefined, email: string) {
  const digest = emailDigest(email);
  const accounts = [digest, ...trustedAccounts(cookieValue).filter((known) => known !== digest)].slice(0, MAX_ACCOUNTS);
  const payload = accounts.join("~");
  return {
    name: TRUSTED_BROWSER_COOKIE,
    value: `${payload}.${signatureOf(payload)}`,
    ...sessionCookieOptions,
    httpOnly: true,
    maxAge: ONE_YEAR_SECONDS,
  };
}
