import { NextResponse, type NextRequest } from "next/server";
import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { adminPathLevel, admits } from "@/lib/actions/roles";
import type { Database } from "@/lib/database.types";
import { decodeSegment } from "@/lib/domain/paths";
import { builtActionIds, guardActionRequest } from "@/lib/security/action-request";
import { SITE_URL } from "@/lib/site";
import { forwardingHeaders } from "./client-address";
import { authApiKey, sessionCookieOptions, supabaseEnv } from "./env";
import { freshSession } from "./fresh-session";
import { isSessionCookie, sealSession, SESSION_SEAL_HEADER } from "./session-seal";
import { ANONYMOUS, verifySession, type SessionState } from "./session";

const PROTECTED_PREFIXES = ["/dashboard", "/product-founder", "/tech-founder", "/settings", "/orders", "/admin", "/files", "/auth/reset-password"];

// The student's «Сертификаты» alone: a certificate's page and PDF under it are public (/certificates/{code}).
const PROTECTED_PAGES = ["/certificates"];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const isProtected = (path: string) => PROTECTED_PAGES.includes(path) || PROTECTED_PREFIXES.some((prefix) => isUnder(path, prefix));

/**
 * Refreshes and verifies the session before anything renders, hands it to the page sealed (with
 * `pageHeaders` set, or deleted where null, on the request the page sees), and makes the coarse
 * redirects of pages. Pages check again on the server and every server action
 * checks its own role: this is a first filter, not the only guard.
 */
export async function updateSession(request: NextRequest, pageHeaders: Record<string, string | null> = {}) {
  const withPageHeaders = () => {
    const requestHeaders = new Headers(request.headers);
    for (const [header, value] of Object.entries(pageHeaders)) {
      if (value === null) requestHeaders.delete(header);
      else requestHeaders.set(header, value);
    }
    return requestHeaders;
  };
  // A malformed or cross-site server action request is answered here, before React decodes it.
  const refusal = await guardActionRequest(request, { siteUrl: SITE_URL, actionIds: builtActionIds() });
  if (refusal) return refusal;
  // A path with broken percent-encoding would make the router throw (a 500): answer the 404 page.
  if (decodeSegment(request.nextUrl.pathname) === null) {
    return NextResponse.rewrite(new URL("/404", request.url), { status: 404, request: { headers: withPageHeaders() } });
  }
  const cookiesToSend: { name: string; value: string; options: CookieOptions }[] = [];
  const headersToSend = new Headers();
  /** Supabase Auth with the request's cookies; a refresh counts against the visitor's own address (see createAuthClient). */
  const auth = () =>
    createServerClient<Database>(supabaseEnv().url, authApiKey(), {
      cookieOptions: sessionCookieOptions,
      global: { headers: forwardingHeaders(request.headers) },
      cookies: {
        getAll: () => request.cookies.getAll(),
        setAll(cookiesToSet, headers) {
          for (const { name, value } of cookiesToSet) request.cookies.set(name, value);
          cookiesToSend.push(...cookiesToSet);
          for (const [header, value] of Object.entries(headers ?? {})) headersToSend.set(header, value);
        },
      },
    }).auth;
  /** Passes the request on with the refreshed cookies and, once known, the verified session. */
  const passOn = (session: SessionState) => {
    const requestHeaders = withPageHeaders();
    // An unreachable Auth is not sealed: the page tries again and shows its error page.
    if (session.kind === "unavailable") requestHeaders.delete(SESSION_SEAL_HEADER);
    else requestHeaders.set(SESSION_SEAL_HEADER, sealSession(session, request.cookies.getAll()));
    return withSession(NextResponse.next({ request: { headers: requestHeaders } }));
  };
  const withSession = (response: NextResponse) => {
    for (const { name, value, options } of cookiesToSend) response.cookies.set(name, value, options);
    headersToSend.forEach((value, header) => response.headers.set(header, value));
    return response;
  };
  // Next relativizes a same-origin Location, so a forged Host or X-Forwarded-Host cannot steer it.
  const redirectTo = (target: string) => withSession(NextResponse.redirect(new URL(target, request.url)));

  // A visitor without Supabase cookies has no session to verify, so no client is built for them;
  // nor for a session that needs no refresh and verifies against the cached keys.
  const hasSession = request.cookies.getAll().some(isSessionCookie);
  const session = hasSession ? ((await freshSession(request.cookies.getAll())) ?? (await verifySession(auth()))) : ANONYMOUS;
  // An unreachable backend is not a signed-out visitor: let the page show its error page.
  if (session.kind === "unavailable") return passOn(session);
  // A server action answers for itself, in Russian (lib/actions checks its role): a redirect would
  // answer the page's fetch with another page. The coarse redirects are for pages.
  if (request.method === "POST" && request.headers.has("next-action")) return passOn(session);
  const path = request.nextUrl.pathname;
  if (session.kind === "anonymous" && isProtected(path)) return redirectTo("/");
  if (session.kind === "user" && path === "/") return redirectTo("/dashboard");
  if (session.kind === "user" && isUnder(path, "/admin") && !admits(adminPathLevel(path), session.user.role)) return redirectTo("/dashboard");
  // The page reads this session instead of verifying the same token a second time.
  return passOn(session);
}
