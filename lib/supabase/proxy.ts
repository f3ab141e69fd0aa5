import { NextResponse, type NextRequest } from "next/server";
import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { decodeSegment } from "@/lib/domain/paths";
import { roleFromClaims } from "@/lib/domain/roles";
import { builtActionIds, guardActionRequest } from "@/lib/security/action-request";
import { SITE_URL } from "@/lib/site";
import { roleFromDatabase } from "./role";
import { forwardingHeaders } from "./client-address";
import { authApiKey, sessionCookieOptions, supabaseEnv } from "./env";
import { isSessionCookie, sealSession, signingKeys, VERIFIED_SESSION_HEADER, type VerifiedSession } from "./verified-session";

const PROTECTED_PREFIXES = ["/dashboard", "/product-founder", "/tech-founder", "/admin", "/auth/reset-password"];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const isProtected = (path: string) => PROTECTED_PREFIXES.some((prefix) => isUnder(path, prefix));

/**
 * Refreshes the session cookie and makes the coarse redirects before anything renders.
 * Pages check again on the server: this is a first filter, not the only guard.
 */
export async function updateSession(request: NextRequest) {
  // A malformed or cross-site server action request is answered here, before React decodes it.
  const refusal = await guardActionRequest(request, { siteUrl: SITE_URL, actionIds: builtActionIds() });
  if (refusal) return refusal;
  // A path with broken percent-encoding would make the router throw (a 500): answer the 404 page.
  if (decodeSegment(request.nextUrl.pathname) === null) {
    return NextResponse.rewrite(new URL("/404", request.url), { status: 404 });
  }
  const cookiesToSend: { name: string; value: string; options: CookieOptions }[] = [];
  const headersToSend = new Headers();
  const { url, key } = supabaseEnv();
  const clientFor = (apiKey: string, headers: Record<string, string> = {}) =>
    createServerClient<Database>(url, apiKey, {
      cookieOptions: sessionCookieOptions,
      global: { headers },
      cookies: {
        getAll: () => request.cookies.getAll(),
        setAll(cookiesToSet, headers) {
          for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
          cookiesToSend.push(...cookiesToSet);
          for (const [header, value] of Object.entries(headers ?? {})) headersToSend.set(header, value);
        },
      },
    });
  /**
   * The visitor's session, refreshed when due and verified locally against the project's signing
   * keys (one cache per process), without a round trip; `undefined` when Auth is unreachable. A
   * visitor without Supabase cookies has no session to verify, so no client is built for them.
   */
  async function verifySession(): Promise<VerifiedSession | null | undefined> {
    if (!request.cookies.getAll().some(isSessionCookie)) return null;
    // A refresh counts against the visitor's own address (see createAuthClient).
    const auth = clientFor(authApiKey(), forwardingHeaders(request.headers)).auth;
    const { data, error } = await auth.getSession();
    if (error && isAuthRetryableFetchError(error)) return undefined;
    const accessToken = data.session?.access_token;
    if (!accessToken) return null;
    const verified = await auth.getClaims(accessToken, { keys: await signingKeys() });
    if (verified.error && isAuthRetryableFetchError(verified.error)) return undefined;
    return verified.data ? { claims: verified.data.claims, accessToken } : null;
  }
  /** Passes the request on with the refreshed cookies and, once known, the verified session. */
  const passOn = (session?: VerifiedSession | null) => {
    const requestHeaders = new Headers(request.headers);
    if (session === undefined) requestHeaders.delete(VERIFIED_SESSION_HEADER);
    else requestHeaders.set(VERIFIED_SESSION_HEADER, sealSession(session, request.cookies.getAll()));
    const response = NextResponse.next({ request: { headers: requestHeaders } });
    return withSession(response);
  };
  const withSession = (response: NextResponse) => {
    for (const { name, value, options } of cookiesToSend) response.cookies.set(name, value, options);
    headersToSend.forEach((value, header) => response.headers.set(header, value));
    return response;
  };

  const verified = await verifySession();
  // An unreachable backend is not a signed-out visitor: let the page show its error page.
  if (verified === undefined) return passOn();
  const userId = verified?.claims.sub;
  const path = request.nextUrl.pathname;

  // Next relativizes a same-origin Location, so a forged Host or X-Forwarded-Host cannot steer it.
  const redirectTo = (target: string) => withSession(NextResponse.redirect(new URL(target, request.url)));

  if (!userId && isProtected(path)) return redirectTo("/");
  if (userId && path === "/") return redirectTo("/dashboard");
  if (userId && isUnder(path, "/admin")) {
    // The role comes with the verified token (custom_access_token_hook); only a project without
    // the hook costs a round trip. Row level security checks the database's own role either way.
    const role = roleFromClaims(verified?.claims) ?? (await roleFromDatabase(clientFor(key), userId));
    if (role !== "admin") return redirectTo("/dashboard");
  }
  // The page reads this session instead of verifying the same token a second time.
  return passOn(verified);
}
