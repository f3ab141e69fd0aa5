import { isIP } from "node:net";

/**
 * The visitor's address, for Supabase Auth's per-address rate limits. Server-side calls leave from
 * the app server's one address; without this, every student would share one bucket.
 *
 * Only configuration says which header to believe, never the request: a visitor who reaches the
 * app directly can write any X-Forwarded-For they like.
 * - On Vercel, its edge sets `x-vercel-forwarded-for` and overwrites what the visitor sent.
 * - Under the app's own server (`scripts/serve.ts`: `npm start`, `npm run dev`), the TCP peer is
 *   appended to X-Forwarded-For before Next sees the request. With no proxy in front
 *   (TRUSTED_PROXY_HOPS unset or 0) that peer is the visitor; behind N proxies we run, it is the
 *   entry the outermost one wrote, N from the right before the peer.
 * - Anything else (`next start` run directly) cannot tell a visitor's header from Next's own, so
 *   no address is named unless TRUSTED_PROXY_HOPS says a proxy wrote the rightmost entries.
 */

export interface HeaderSource {
  get(name: string): string | null;
}

type Deployment =
  | { kind: "vercel" }
  | { kind: "app-server"; trustedHops: number }
  | { kind: "next-start"; trustedHops: number };

/** Set by scripts/serve.ts in its own process: a visitor cannot set an environment variable. */
export const PEER_RECORDED_ENV = "APP_SERVER_RECORDS_PEER";

export function currentDeployment(env: Record<string, string | undefined> = process.env): Deployment {
  if (env.VERCEL === "1") return { kind: "vercel" };
  const configured = Number(env.TRUSTED_PROXY_HOPS ?? 0);
  const trustedHops = Number.isInteger(configured) && configured >= 0 ? configured : 0;
  return env[PEER_RECORDED_ENV] === "1" ? { kind: "app-server", trustedHops } : { kind: "next-start", trustedHops };
}

export function clientAddress(headers: HeaderSource, deployment: Deployment = currentDeployment()): string | null {
  let candidate: string | undefined;
  if (deployment.kind === "vercel") {
    candidate = headers.get("x-vercel-forwarded-for")?.split(",")[0];
  } else {
    const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
    const fromRight = deployment.kind === "app-server" ? deployment.trustedHops + 1 : deployment.trustedHops;
    candidate = fromRight >= 1 ? hops[hops.length - fromRight] : undefined;
  }
  const address = candidate?.trim();
  return address && isIP(address) ? address : null;
}

/** The header Supabase Auth reads a server-side caller's client address from. */
export const FORWARDED_FOR_HEADER = "Sb-Forwarded-For";

export function forwardingHeaders(headers: HeaderSource): Record<string, string> {
  const address = clientAddress(headers);
  return address ? { [FORWARDED_FOR_HEADER]: address } : {};
}

/** X-Forwarded-For with the TCP peer appended, as a proxy appends the address it saw (scripts/serve.ts). */
export function withPeerAppended(forwardedFor: string | string[] | undefined, peer: string | undefined): string | undefined {
  const chain = [forwardedFor ?? []].flat().join(", ").trim();
  if (!peer) return chain || undefined;
  const address = peer.startsWith("::ffff:") && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
  return chain ? `${chain}, ${address}` : address;
}
