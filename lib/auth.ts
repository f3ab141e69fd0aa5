import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { isAuthRetryableFetchError, type JwtPayload } from "@supabase/supabase-js";
import { roleFromClaims, type AppRole } from "@/lib/domain/roles";
import { roleFromDatabase } from "@/lib/supabase/role";
import { createClient, createCookieClient, sessionFromProxy } from "@/lib/supabase/server";
import { signingKeys } from "@/lib/supabase/verified-session";

export interface CurrentUser {
  id: string;
  email: string;
  /** From the access token's user_role claim; null when the project's hook is not enabled. */
  role: AppRole | null;
}

/** The session's claims as the proxy verified them for this request, else verified here. */
async function verifiedClaims(): Promise<JwtPayload | null> {
  const fromProxy = await sessionFromProxy();
  if (fromProxy !== undefined) return fromProxy?.claims ?? null;
  const supabase = await createCookieClient();
  const { data, error } = await supabase.auth.getClaims(undefined, { keys: await signingKeys() });
  // An unreachable backend is an outage for the error page, not a signed-out visitor.
  if (error && isAuthRetryableFetchError(error)) throw error;
  return data?.claims ?? null;
}

/** The signed-in user from the verified session, once per request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const claims = await verifiedClaims();
  if (!claims?.sub) return null;
  return { id: claims.sub, email: typeof claims.email === "string" ? claims.email : "", role: roleFromClaims(claims) };
});

export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  return user;
}

/**
 * Whether the user is an admin, by the verified token's role (no round trip). A role change takes
 * effect at the next token refresh; row level security checks the database's role on every write.
 */
export const isAdmin = cache(async (user: CurrentUser): Promise<boolean> => {
  return (user.role ?? (await roleFromDatabase(await createClient(), user.id))) === "admin";
});

export async function requireAdmin(): Promise<CurrentUser> {
  const user = await requireUser();
  if (!(await isAdmin(user))) redirect("/dashboard");
  return user;
}

/**
 * For writes: whether the session is still live at Supabase Auth, which forgets a session when it
 * signs out. Pages trust the verified access token (no round trip; it lives `jwt_expiry`, ten
 * minutes); a write asks Auth (one round trip), so a session cookie copied before sign-out cannot
 * write at all.
 */
export const sessionIsLive = cache(async (): Promise<boolean> => {
  const supabase = await createCookieClient();
  const { data, error } = await supabase.auth.getUser();
  return !error && Boolean(data.user);
});

/** For server actions: whether the signed-in user is an admin with a live session (row level security checks every write again). */
export async function currentUserIsAdmin(): Promise<boolean> {
  const user = await getCurrentUser();
  return Boolean(user && (await isAdmin(user)) && (await sessionIsLive()));
}
