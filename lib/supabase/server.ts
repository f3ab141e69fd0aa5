import "server-only";
import { cache } from "react";
import { cookies, headers } from "next/headers";
import { createServerClient } from "@supabase/ssr";
import type { Database } from "@/lib/database.types";
import { forwardingHeaders } from "./client-address";
import { authApiKey, sessionCookieOptions, supabaseEnv } from "./env";
import { openSession, SESSION_SEAL_HEADER } from "./session-seal";
import { dataClientFor, verifySession, type SessionState } from "./session";

/**
 * The server's Supabase clients, one per purpose, and the request's session:
 * - createDataClient: the signed-in user's data (row level security sees them); pages, queries, actions;
 * - createPublicClient: nobody's, for public pages built once for everyone (the catalogue);
 * - createAuthClient: Supabase Auth alone, on the visitor's behalf (sign-in, sign-up, recovery,
 *   sign-out, and checking a session), with their address in Sb-Forwarded-For;
 * - createServiceClient (./service.ts): the service role, for machine work that has no visitor:
 *   sign-in attempt counters, the notification worker, the Telegram webhook, account deletion, and
 *   the record of a homework file or a lesson material whose bytes the server checked.
 */

/**
 * Who is asking, once per request: the session the proxy verified and sealed
 * (lib/supabase/session-seal.ts), or, without a seal for the current cookies (a server action that
 * signed in or out, a deployment without the proxy in front), the cookies' session verified here.
 */
export const getSession = cache(async (): Promise<SessionState> => {
  const [requestHeaders, cookieStore] = await Promise.all([headers(), cookies()]);
  const sealed = openSession(requestHeaders.get(SESSION_SEAL_HEADER), cookieStore.getAll());
  return sealed ?? verifySession(await createAuthClient());
});

/**
 * The signed-in user's data client, once per request: it carries the session's verified access
 * token and nothing else (no Auth client, no cookies to parse); a visitor's acts as nobody.
 */
export const createDataClient = cache(async () => {
  const session = await getSession();
  return dataClientFor(session.kind === "user" ? session.accessToken : null);
});

/**
 * Nobody's data client, for the public pages a visitor and a search engine read alike (the
 * catalogue): no cookies are read, so such a page can be built once and served to everyone.
 */
export const createPublicClient = () => dataClientFor(null);

/**
 * Supabase Auth alone, on behalf of the visitor: it names their address in Sb-Forwarded-For, so
 * each person has their own rate-limit bucket instead of the whole school sharing the app
 * server's. Hosted projects honour that header only from the secret key, which is why only `.auth`
 * is handed out: no data call can run with it. It reads and writes the session cookies (a Server
 * Component cannot write them; the proxy has refreshed the session already).
 */
export async function createAuthClient() {
  const [requestHeaders, cookieStore] = await Promise.all([headers(), cookies()]);
  const client = createServerClient<Database>(supabaseEnv().url, authApiKey(), {
    cookieOptions: sessionCookieOptions,
    global: { headers: forwardingHeaders(requestHeaders) },
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
  return client.auth;
}

export { createServiceClient } from "./service";
