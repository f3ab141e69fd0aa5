"use server";

import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import { arrivalPath } from "@/lib/domain/arrival";
import { createAuthClient } from "@/lib/supabase/server";
import { z } from "@/lib/validation/zod";

/** Ends the session everywhere (Supabase's default global scope) and clears the cookies. */
async function endSession() {
  const auth = await createAuthClient();
  const { error } = await auth.signOut();
  // An expired session is signed out already; the cookies are cleared either way.
  if (error) console.error("sign-out failed:", error.message);
}

/**
 * «Выйти»: ends the session and leads to the home page, which says so and tells the browser's other
 * tabs (the «signed-out» arrival), whether React or the browser itself posted the form.
 */
export const signOutForm = defineFormAction({ role: "anyone", schema: z.strictObject({}), refused: "/" }, async () => {
  await endSession();
  redirect(arrivalPath("signed-out", "/"));
});
