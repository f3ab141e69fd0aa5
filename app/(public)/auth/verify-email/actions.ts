"use server";

import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import { createDataClient } from "@/lib/supabase/server";
import { z } from "@/lib/validation/zod";

const FAILED = "/auth/verify-email?result=failed";

/** The proof letter's hidden field, as the page rendered it from the link. */
const proofForm = z.object({ token: z.string().max(200) });

/**
 * Proves a new account's address with the token of the letter the app mailed (migration …1400):
 * the token itself is the proof, so it works in any browser, signed in or not. A `<form action>`:
 * it works before the page's script has loaded.
 */
export const proveEmailAddress = defineFormAction({ role: "anyone", schema: proofForm, refused: FAILED }, async ({ data }) => {
  const supabase = await createDataClient();
  const { data: proven, error } = await supabase.rpc("prove_email", { _token: data.token });
  if (error) throw error;
  redirect(proven ? "/auth/verify-email?result=proven" : FAILED);
});
