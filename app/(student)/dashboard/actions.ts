"use server";

import { createAuthClient } from "@/lib/supabase/server";

/** Ends the session everywhere (Supabase's default global scope) and clears the cookies. */
export async function signOut(): Promise<void> {
  const auth = await createAuthClient();
  const { error } = await auth.signOut();
  // An expired session is signed out already; the cookies are cleared either way.
  if (error) console.error("sign-out failed:", error.message);
}
