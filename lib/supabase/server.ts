import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createServerClient } from "@supabase/ssr";
import { createClient as createTokenClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { forwardingHeaders } from "./client-address";
import { authApiKey, sessionCookieOptions, supabaseEnv } from "./env";
import { openSession, VERIFIED_SESSION_HEADER, type VerifiedSession } from "./verified-session";

async function cookieClient(key: string, extraHeaders: Record<string, string> = {}) {
  const cookieStore = await cookies();
  const { url } = supabaseEnv();
  return createServerClient<Database>(url, key, {
    cookieOptions: sessionCookieOptions,
    global: { headers: extraHeaders },
    cookies: {
      getAll: () => cookieStore.getAll(),
      setAll(cookiesToSet) {
        try {
          for (const { name, value, options } of cookiesToSet) cookieStore.set(name, value, options);
        } catch {
          // A Server Component cannot write cookies; the proxy has already refreshed the session.
        }
      },
    },
  });
}

/**
 * The session the proxy verified for this request (`lib/supabase/verified-session.ts`), or
 * `undefined` when there is no seal of this process for the current cookies (a server action that
 * signed in or out, or a deployment without the proxy in front).
 */
export const sessionFromProxy = cache(async (): Promise<VerifiedSession | null | undefined> => {
  const [requestHeaders, cookieStore] = await Promise.all([headers(), cookies()]);
  return openSession(requestHeaders.get(VERIFIED_SESSION_HEADER), cookieStore.getAll());
});

/**
 * The signed-in user's data client for Server Components, Server Actions and Route Handlers, once
 * per render. With the proxy's verified session it carries that access token and nothing else (no
 * Auth client to build, no cookies to parse again); otherwise it reads the session cookies itself.
 */
export const createClient = cache(async () => {
  const session = await sessionFromProxy();
  if (session === undefined) return createCookieClient();
  const { url, key } = supabaseEnv();
  const accessToken = session?.accessToken ?? null;
  return createTokenClient<Database>(url, key, { accessToken: async () => accessToken });
});

/** The session cookies' own client, for verifying a session the proxy did not. */
export async function createCookieClient() {
  return cookieClient(supabaseEnv().key);
}

/**
 * Supabase Auth alone (sign-in, sign-up, recovery, password change), on behalf of the visitor:
 * it names their address in Sb-Forwarded-For, so each person has their own rate-limit bucket
 * instead of the whole school sharing the app server's. Hosted projects honour that header only
 * from the secret key, which is why only `.auth` is handed out: no data call can run with it.
 */
export async function createAuthClient() {
  const requestHeaders = await headers();
  const client = await cookieClient(authApiKey(), forwardingHeaders(requestHeaders));
  return client.auth;
}

/**
 * The service role, for the app's own sign-in limits only (`lib/security/attempts.ts`): their
 * counters are closed to every API role but this one. Needs SUPABASE_SECRET_KEY; never imported
 * by a page or used for a visitor's data.
 */
export function createServiceClient() {
  const secretKey = process.env.SUPABASE_SECRET_KEY;
  if (!secretKey) throw new Error("SUPABASE_SECRET_KEY is not set: the sign-in limits need it (README: hosted project).");
  return createTokenClient<Database>(supabaseEnv().url, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}
