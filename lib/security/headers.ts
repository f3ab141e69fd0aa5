/**
 * The security headers of every response. Pages rendered per request (every signed-in page, the
 * 404 page, the auth pages) allow only scripts carrying the request's nonce, and what those load
 * ('strict-dynamic'): an injected inline script or attribute handler does not run. The two static
 * pages, the landing and the privacy policy, are built once and render nobody's input; a nonce would
 * make them render per request (docs/architecture.md#headers has the measured cost), so they keep
 * 'unsafe-inline' for Next.js's inline bootstrap scripts.
 */

import { createHash } from "node:crypto";
// Relative: next.config.ts loads this file without the "@/" alias.
import { SUBMIT_GUARD_SCRIPT } from "../../components/forms/submit-guard";

/** The inline submit guard's hash, for the policy of pages whose other scripts need a nonce. */
export const SUBMIT_GUARD_HASH = `'sha256-${createHash("sha256").update(SUBMIT_GUARD_SCRIPT).digest("base64")}'`;

/** The pages prerendered at build time (`○` in `next build`): they cannot carry a per-request nonce. */
export const STATIC_PAGES = ["/", "/privacy", "/oferta"];

/** The hosts whose players lib/domain/video.ts embeds. */
export const VIDEO_FRAME_SOURCES = [
  "https://www.youtube.com",
  "https://www.youtube-nocookie.com",
  "https://rutube.ru",
  "https://vkvideo.ru",
  "https://vk.com",
  "https://kinescope.io",
  "https://player.vimeo.com",
];

export interface SecurityHeaderOptions {
  /** The Supabase project URL the browser may call. */
  supabaseUrl: string;
  /** The public site address; https turns on HSTS and upgrade-insecure-requests. */
  siteUrl: string;
  /** `next dev` needs eval for React's debugging and a websocket for hot reload. */
  development: boolean;
  /**
   * Where checkout sends the buyer to pay (ЮKassa's payment page): a checkout posted before its
   * script is answered with a redirect there, which form-action must allow.
   */
  paymentPageOrigin?: string | null;
}

/**
 * The policy of one response: with a nonce, scripts need it (or to be loaded by a script that has
 * it); without, for the static pages and files, inline scripts are allowed.
 */
export function contentSecurityPolicy({ supabaseUrl, siteUrl, development, paymentPageOrigin }: SecurityHeaderOptions, nonce?: string): string {
  const supabase = new URL(supabaseUrl);
  const realtime = `${supabase.protocol === "https:" ? "wss:" : "ws:"}//${supabase.host}`;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      // 'self' is for browsers before CSP 3, which ignore 'strict-dynamic'.
      // The submit guard is inline and the same on every page: its hash, since a hash turns 'unsafe-inline' off.
      ...(nonce ? ["'self'", `'nonce-${nonce}'`, SUBMIT_GUARD_HASH, "'strict-dynamic'"] : ["'self'", "'unsafe-inline'"]),
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Lesson pictures redirect to a URL Storage signed (app/files).
    "img-src": ["'self'", "data:", "blob:", supabase.origin],
    "font-src": ["'self'"],
    "connect-src": ["'self'", supabase.origin, realtime, ...(development ? ["ws:"] : [])],
    "frame-src": VIDEO_FRAME_SOURCES,
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'", ...(paymentPageOrigin ? [paymentPageOrigin] : [])],
  };
  const policy = Object.entries(directives).map(([name, sources]) => `${name} ${sources.join(" ")}`);
  if (new URL(siteUrl).protocol === "https:") policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (new URL(options.siteUrl).protocol === "https:") {
    headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  }
  return headers;
}

/**
 * The origin of the payment page checkout redirects to: ЮKassa's (yoomoney.ru) for a real shop, the
 * stand-in's for `npm run dev` and the tests (YOOKASSA_API_URL), none while payments are off.
 */
export function paymentPageOrigin(env: Record<string, string | undefined> = process.env): string | null {
  if (env.YOOKASSA_API_URL) return new URL(env.YOOKASSA_API_URL).origin;
  return env.YOOKASSA_SHOP_ID ? "https://yoomoney.ru" : null;
}

/** A fresh nonce for one response: 128 random bits, base64 as CSP writes it. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** The policy the proxy puts on a page: the static one for the prerendered pages, else one with a fresh nonce. */
export function pagePolicy(path: string, options: SecurityHeaderOptions): { policy: string; nonce: string | null } {
  if (STATIC_PAGES.includes(path)) return { policy: contentSecurityPolicy(options), nonce: null };
  const nonce = newNonce();
  return { policy: contentSecurityPolicy(options, nonce), nonce };
}
