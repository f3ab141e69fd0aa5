import { isIP } from "node:net";

/**
 * The visitor's address, as the proxy in front of the app saw it, for Supabase Auth's per-address
 * rate limits. Server-side calls leave from the app server's one address; without this, every
 * student would share one bucket.
 *
 * X-Forwarded-For is a list each proxy appends to; only the entries added by proxies we run are
 * trustworthy, so the address is the one TRUSTED_PROXY_HOPS from the right (default 1: one proxy,
 * as on Vercel, or nginx/Caddy with the app behind them). `next start` itself only fills the
 * header when no proxy did.
 */
export function clientAddress(forwardedFor: string | null, trustedHops = trustedProxyHops()): string | null {
  if (!forwardedFor || trustedHops < 1) return null;
  const hops = forwardedFor.split(",").map((entry) => entry.trim());
  const candidate = hops[hops.length - trustedHops];
  return candidate && isIP(candidate) ? candidate : null;
}

function trustedProxyHops(): number {
  const configured = Number(process.env.TRUSTED_PROXY_HOPS ?? 1);
  return Number.isInteger(configured) && configured >= 0 ? configured : 1;
}

/** The header Supabase Auth reads a server-side caller's client address from. */
export const FORWARDED_FOR_HEADER = "Sb-Forwarded-For";

export function forwardingHeaders(forwardedFor: string | null): Record<string, string> {
  const address = clientAddress(forwardedFor);
  return address ? { [FORWARDED_FOR_HEADER]: address } : {};
}
