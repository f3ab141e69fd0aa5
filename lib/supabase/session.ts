import { createClient, isAuthRetryableFetchError, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { roleFromClaims, type AppRole } from "@/lib/domain/roles";
import { supabaseEnv } from "./env";
import { roleFromDatabase } from "./role";
import { signingKeys } from "./signing-keys";

/** Who is asking, as every part of a request sees it: the proxy, layouts, pages and server actions. */
export interface SessionUser {
  id: string;
  email: string;
  /** The highest role (admin > curator > student): the token's user_role claim, else the database's. */
  role: AppRole;
}

export type SessionState =
  | { kind: "anonymous" }
  | { kind: "user"; user: SessionUser; accessToken: string }
  /** Supabase Auth could not be reached: not a signed-out visitor, an outage (the error page). */
  | { kind: "unavailable" };

export const ANONYMOUS: SessionState = { kind: "anonymous" };
const UNAVAILABLE: SessionState = { kind: "unavailable" };

export type DataClient = SupabaseClient<Database>;

/**
 * Next.js wraps the global fetch for its data cache, which never holds a Supabase answer (every
 * page reading them is dynamic); the wrapper's bookkeeping cost a measurable share of each page.
 * `_nextOriginalFetch` is where Next keeps the fetch it wrapped: an internal, so without it the
 * wrapped fetch is used as before.
 */
const unwrappedFetch: typeof fetch = (input, init) => ((globalThis.fetch as { _nextOriginalFetch?: typeof fetch })._nextOriginalFetch ?? globalThis.fetch)(input, init);

/** A data client acting as the holder of a verified access token (or as nobody): row level security sees that user. */
export function dataClientFor(accessToken: string | null): DataClient {
  const { url, key } = supabaseEnv();
  return createClient<Database>(url, key, { accessToken: async () => accessToken, global: { fetch: unwrappedFetch } });
}

/**
 * The session behind an Auth client's cookies, refreshed when due (the client writes the new
 * cookies) and its access token verified against the project's signing keys, without a round
 * trip. The proxy calls this on every request; the server only when the proxy's seal is missing.
 */
export async function verifySession(auth: DataClient["auth"]): Promise<SessionState> {
  const { data, error } = await auth.getSession();
  if (error && isAuthRetryableFetchError(error)) return UNAVAILABLE;
  const accessToken = data.session?.access_token;
  if (!accessToken) return ANONYMOUS;
  const verified = await auth.getClaims(accessToken, { keys: await signingKeys() });
  if (verified.error && isAuthRetryableFetchError(verified.error)) return UNAVAILABLE;
  const claims = verified.data?.claims;
  if (!claims?.sub) return ANONYMOUS;
  // The role comes with the verified token (custom_access_token_hook); only a project without the
  // hook costs a round trip. Row level security checks the database's own role either way.
  const role = roleFromClaims(claims) ?? (await roleFromDatabase(dataClientFor(accessToken), claims.sub));
  const email = typeof claims.email === "string" ? claims.email : "";
  return { kind: "user", user: { id: claims.sub, email, role }, accessToken };
}
