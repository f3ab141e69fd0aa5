import type { JWK } from "@supabase/supabase-js";
import { supabaseEnv } from "./env";
import { processState } from "./process-state";

interface KeyCache {
  keys: JWK[];
  fetchedAt: number;
  pending: Promise<void> | null;
}

// Supabase Auth's own cache lives 10 minutes, as here; beyond it the keys are refreshed in the
// background while the known ones keep verifying.
const KEYS_TTL_MS = 10 * 60 * 1000;

const keyCache = () => processState<KeyCache>("signingKeys", () => ({ keys: [], fetchedAt: 0, pending: null }));

async function fetchKeys(cache: KeyCache) {
  try {
    const { url, key } = supabaseEnv();
    const response = await fetch(`${url}/auth/v1/.well-known/jwks.json`, { headers: { apikey: key } });
    if (!response.ok) return;
    const body: { keys?: JWK[] } = await response.json();
    if (Array.isArray(body.keys) && body.keys.length > 0) {
      cache.keys = body.keys;
      cache.fetchedAt = Date.now();
    }
  } catch {
    // Unreachable: getClaims falls back to its own fetch, which reports the outage.
  } finally {
    cache.pending = null;
  }
}

/**
 * The project's signing keys for `auth.getClaims(token, { keys })`, once per process (the proxy's
 * and the pages' bundles share them): fetched on first use, then refreshed in the background. A
 * token signed by a key not yet known (a rotation) makes getClaims fetch for itself.
 */
export async function signingKeys(): Promise<JWK[]> {
  const cache = keyCache();
  const stale = Date.now() - cache.fetchedAt > KEYS_TTL_MS;
  if (stale && !cache.pending) cache.pending = fetchKeys(cache);
  if (cache.keys.length === 0) await cache.pending;
  return cache.keys;
}
