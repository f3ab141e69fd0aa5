import { NextResponse, type NextRequest } from "next/server";
import { createServerClient } from "@supabase/ssr";
import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { decodeSegment } from "@/lib/domain/paths";
import { roleFromClaims } from "@/lib/domain/roles";
import { roleFromDatabase } from "./role";
import { forwardingHeaders } from "./client-address";
import { authApiKey, sessionCookieOptions, supabaseEnv } from "./env";

const PROTECTED_PREFIXES = ["/dashboard", "/product-founder", "/tech-founder", "/admin", "/auth/reset-password"];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const isProtected = (path: string) => PROTECTED_PREFIXES.some((prefix) => isUnder(path, prefix));

/**
 * Refreshes the session cookie and makes the coarse redirects before anything renders.
 * Pages check again on the server: this is a first filter, not the only guard.
 */
export async function updateSession(request: NextRequest) {
  // A path with broken percent-encoding would make the router throw (a 500): answer the 404 page.
  if (decodeSegment(request.nextUrl.pathname) === null) {
    return NextResponse.rewrite(new URL("/404", request.url), { status: 404 });
  }
  let response = NextResponse.next({ request });
  const { url, key } = supabaseEnv();
  const clientFor = (apiKey: string, headers: Record<string, string> = {}) =>
    createServerClient<Database>(url, apiKey, {
      cookieOptions: sessionCookieOptions,
      global: { headers },
      cookies: {
        getAll: () => request.cookies.getAll(),
        setAll(cookiesToSet, headers) {
          for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
          response = NextResponse.next({ request });
          for (const { name, value, options } of cookiesToSet) response.cookies.set(name, value, options);
          for (const [header, value] of Object.entries(headers ?? {})) response.headers.set(header, value);
        },
      },
    });

  // Verified locally against the project's signing keys (JWKS), without a round trip. A refresh
  // counts against the visitor's own address (see createAuthClient), not the app server's.
  const auth = clientFor(authApiKey(), forwardingHeaders(request.headers.get("x-forwarded-for"))).auth;
  const { data, error } = await auth.getClaims();
  // An unreachable backend is not a signed-out visitor: let the page show its error page.
  if (error && isAuthRetryableFetchError(error)) return response;
  const userId = data?.claims?.sub;
  const path = request.nextUrl.pathname;

  // Next relativizes a same-origin Location, so a forged Host or X-Forwarded-Host cannot steer it.
  const redirectTo = (target: string) => {
    const redirect = NextResponse.redirect(new URL(target, request.url));
    for (const cookie of response.cookies.getAll()) redirect.cookies.set(cookie);
    return redirect;
  };

  if (!userId && isProtected(path)) return redirectTo("/");
  if (userId && path === "/") return redirectTo("/dashboard");
  if (userId && isUnder(path, "/admin")) {
    // The role comes with the verified token (custom_access_token_hook); only a project without
    // the hook costs a round trip. Row level security checks the database's own role either way.
    const role = roleFromClaims(data?.claims) ?? (await roleFromDatabase(clientFor(key), userId));
    if (role !== "admin") return redirectTo("/dashboard");
  }
  return response;
}
