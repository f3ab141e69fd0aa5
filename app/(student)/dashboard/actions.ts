"use server";

import { redirect } from "next/navigation";
import { defineAction, defineFormAction, ok } from "@/lib/actions";
import { createAuthClient } from "@/lib/supabase/server";
import { z } from "@/lib/validation/zod";

/** Ends the session everywhere (Supabase's default global scope) and clears the cookies. */
async function endSession() {
  const auth = await createAuthClient();
  const { error } = await auth.signOut();
  // An expired session is signed out already; the cookies are cleared either way.
  if (error) console.error("sign-out failed:", error.message);
}

/** «Выйти» once the page's script is here: the button then tells the other tabs and goes home itself. */
export const signOut = defineAction({ role: "anyone", schema: z.undefined() }, async () => {
  await endSession();
  return ok();
});

/** «Выйти» pressed before the page's script: the browser posts the form, and lands on the home page. */
export const signOutForm = defineFormAction({ role: "anyone", schema: z.strictObject({}), refused: "/" }, async () => {
  await endSession();
  redirect("/");
});
