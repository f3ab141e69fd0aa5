/**
 * The security headers of every response. The CSP has no nonces on purpose: a nonce makes every
 * page dynamic, and the landing stays a static page; Next.js's inline bootstrap scripts then need
 * 'unsafe-inline', which framing, plugin and base-tag protections do not depend on.
 */

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
}

export function contentSecurityPolicy({ supabaseUrl, siteUrl, development }: SecurityHeaderOptions): string {
  const supabase = new URL(supabaseUrl);
  const realtime = `${supabase.protocol === "https:" ? "wss:" : "ws:"}//${supabase.host}`;
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", ...(development ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Lesson pictures redirect to a URL Storage signed (app/files).
    "img-src": ["'self'", "data:", "blob:", supabase.origin],
    "font-src": ["'self'"],
    "connect-src": ["'self'", supabase.origin, realtime, ...(development ? ["ws:"] : [])],
    "frame-src": VIDEO_FRAME_SOURCES,
    "frame-ancestors": ["'none'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
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
