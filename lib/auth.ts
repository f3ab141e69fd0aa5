import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { admits } from "@/lib/actions/roles";
import { createAuthClient, getSession } from "@/lib/supabase/server";
import type { SessionUser } from "@/lib/supabase/session";

/**
 * «Who is this and what may they do», on the server: `getSession()` answers the tagged state
 * (anonymous, a user with their role, or Auth unreachable); layouts and pages require a level;
 * server actions declare theirs (lib/actions), as a layout does not protect an action.
 */

export { getSession };
export type { SessionState, SessionUser } from "@/lib/supabase/session";

/** The signed-in user; a visitor goes to the landing page, an unreachable Auth to the error page. */
export async function requireUser(): Promise<SessionUser> {
  const session = await getSession();
  if (session.kind === "unavailable") throw new Error("Supabase Auth is unreachable");
  if (session.kind === "anonymous") redirect("/");
  return session.user;
}

/**
 * An admin, by the verified token's role (no round trip). A role change takes effect at the next
 * token refresh; row level security checks the database's role on every read and write.
 */
export async function requireAdmin(): Promise<SessionUser> {
  const user = await requireUser();
  if (!admits("admin", user.role)) redirect("/dashboard");
  return user;
}

/** An admin or a curator: the review pages (/admin/reviews) and the admin area's frame. */
export async function requireReviewer(): Promise<SessionUser> {
  const user = await requireUser();
  if (!admits("reviewer", user.role)) redirect("/dashboard");
  return user;
}

/**
 * For writes: whether the session is still live at Supabase Auth, which forgets a session when it
 * signs out. Pages trust the verified access token (no round trip; it lives `jwt_expiry`, ten
 * minutes); a write asks Auth (one round trip), so a session cookie copied before sign-out cannot
 * write at all. Recording a lesson view is read-side and trusts the token (app/(student)/actions.ts).
 */
export const sessionIsLive = cache(async (): Promise<boolean> => {
  const auth = await createAuthClient();
  const { data, error } = await auth.getUser();
  return !error && Boolean(data.user);
});
