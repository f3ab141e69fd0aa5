import type { BackendConfig } from "../config";
import { header, type Request } from "../http";
import { globToRegExp } from "./glob";
import { goHostname, goPort, isLoopbackIp, parseGoIp, parseGoUrl } from "./go-url";

/**
 * Supabase Auth's redirect check (internal/utilities/request.go, IsRedirectURLValid and
 * GetReferrer), on URLs parsed as Go parses them (go-url.ts).
 */

const DECIMAL_HOST = /^[0-9]+$/;
const REGULAR_HOSTNAME = /^[a-zA-Z0-9](?:[a-zA-Z0-9.-]*[a-zA-Z0-9])?$/;
const LOCALHOST_NAMES = new Set(["localhost", "127.0.0.1", "::1", "0.0.0.0", "::"]);

/** Supabase Auth's isLocalhost (internal/utilities/url_validator.go). */
function isLocalhost(hostname: string): boolean {
  const lower = hostname.toLowerCase();
  return LOCALHOST_NAMES.has(lower) || lower.endsWith(".localhost");
}

/**
 * Whether Supabase Auth would send a person to `target`:
 * - the site itself: same host and scheme, and the same port unless the host is a localhost name
 *   (RFC 8252 §7.3 lets native apps pick a port);
 * - any loopback IP (127.0.0.0/8, ::1), whatever the scheme or port: Supabase Auth checks no
 *   scheme here, so `javascript://127.0.0.1/…` passes as it does on a hosted project;
 * - else a match of an allow-list glob, never for a decimal host (`2130706433`), another IP, or an
 *   http(s) host with unusual characters. The glob sees the URL as written, without its fragment.
 */
export function isRedirectAllowed(config: BackendConfig, target: string): boolean {
  if (!target) return false;
  const site = parseGoUrl(config.siteUrl);
  const url = parseGoUrl(target);
  if (!site || !url) return false;
  const hostname = goHostname(url);
  const samePort = goPort(site) === goPort(url) || isLocalhost(hostname);
  if (goHostname(site) === hostname && site.scheme === url.scheme && samePort) return true;
  if (DECIMAL_HOST.test(hostname)) return false;
  const ip = parseGoIp(hostname);
  if (ip) return isLoopbackIp(ip);
  const isHttp = url.scheme === "http" || url.scheme === "https";
  if (isHttp && !REGULAR_HOSTNAME.test(hostname)) return false;
  const withoutFragment = target.split("#")[0];
  return config.additionalRedirectUrls.some((glob) => globToRegExp(glob).test(withoutFragment));
}

/** The redirect Supabase Auth uses: the requested one when allowed, else the Referer when allowed, else the site URL. */
export function redirectTarget(config: BackendConfig, requested: string | null | undefined, referrer?: string | null): string {
  for (const candidate of [requested, referrer]) {
    if (candidate && isRedirectAllowed(config, candidate)) return candidate;
  }
  return config.siteUrl;
}

/** GetReferrer: `redirect_to` from a header or the query, else the Referer header, as Supabase Auth reads them. */
export function requestRedirectTarget(config: BackendConfig, request: Request): string {
  const requested = header(request, "redirect_to") || request.url.searchParams.get("redirect_to");
  return redirectTarget(config, requested, header(request, "referer"));
}
