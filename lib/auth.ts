import "server-only";
import { cache } from "react";
import { redirect } from "next/navigation";
import { isAuthRetryableFetchError } from "@supabase/supabase-js";
import { createClient } from "@/lib/supabase/server";

export interface CurrentUser {
  id: string;
  email: string;
}

/** The signed-in user from the verified session, once per request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const supabase = await createClient();
  const { data, error } = await supabase.auth.getClaims();
  // An unreachable backend is an outage for the error page, not a signed-out visitor.
  if (error && isAuthRetryableFetchError(error)) throw error;
  const claims = data?.claims;
  if (!claims?.sub) return null;
  return { id: claims.sub, email: typeof claims.email === "string" ? claims.email : "" };
});

export async function requireUser(): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  return user;
}

/** Whether the user is an admin, checked by the database (has_role), once per request. */
export const isAdmin = cache(async (userId: string): Promise<boolean> => {
  const supabase = await createClient();
  const { data, error } = await supabase.rpc("has_role", { _user_id: userId, _role: "admin" });
  if (error) console.error("has_role failed:", error.message);
  return data === true;
});

export async function requireAdmin(): Promise<CurrentUser> {
  const user = await requireUser();
  if (!(await isAdmin(user.id))) redirect("/dashboard");
  return user;
}
