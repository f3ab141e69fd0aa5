"use server";

import { defineAction, ok } from "@/lib/actions";
import { createAuthClient } from "@/lib/supabase/server";
import { z } from "@/lib/validation/zod";

/** Ends the session everywhere (Supabase's default global scope) and clears the cookies. */
export const signOut = defineAction({ role: "anyone", schema: z.undefined() }, async () => {
  const auth = await createAuthClient();
  const { error } = await auth.signOut();
  // An expired session is signed out already; the cookies are cleared either way.
  if (error) console.error("sign-out failed:", error.message);
  return ok();
});
