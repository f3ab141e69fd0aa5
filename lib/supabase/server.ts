import "server-only";
import { cookies, headers } from "next/headers";
import { createServerClient } from "@supabase/ssr";
import type { Database } from "@/lib/database.types";
import { forwardingHeaders } from "./client-address";
import { authApiKey, sessionCookieOptions, supabaseEnv } from "./env";

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

/** The signed-in user's client for Server Components, Server Actions and Route Handlers. */
export async function createClient() {
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
  const client = await cookieClient(authApiKey(), forwardingHeaders(requestHeaders.get("x-forwarded-for")));
  return client.auth;
}
