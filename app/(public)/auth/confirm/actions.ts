"use server";

import { redirect } from "next/navigation";
import { linkProblemOf, parseEmailLink } from "@/lib/domain/email-links";
import { safeNextPath } from "@/lib/domain/paths";
import { createAuthClient } from "@/lib/supabase/server";

/**
 * Trades an email link's token hash for a session, on the server (verifyOtp), so the link works
 * in any browser and on any device, whoever requested it.
 */
export async function confirmEmailLink(formData: FormData) {
  const next = String(formData.get("next") ?? "");
  const code = String(formData.get("code") ?? "");
  if (code) return exchangeCode(code, next);
  const link = parseEmailLink(String(formData.get("token_hash") ?? ""), String(formData.get("type") ?? ""));
  if (!link) redirect("/auth/link-expired?reason=damaged");
  const auth = await createAuthClient();
  const { error } = await auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
  if (error) redirect(`/auth/link-expired?reason=${linkProblemOf(error)}`);
  redirect(safeNextPath(next, link.type === "recovery" ? "/auth/reset-password" : "/dashboard"));
}

/**
 * A link of Supabase's default templates (through its /verify, back with `?code=`): the PKCE
 * exchange, which works only in the browser that asked for the email. The project's own
 * templates (supabase/templates) avoid this by linking here with the token hash.
 */
async function exchangeCode(code: string, next: string) {
  const auth = await createAuthClient();
  const { error } = await auth.exchangeCodeForSession(code);
  if (error) redirect(`/auth/link-expired?reason=${error.code === "pkce_code_verifier_not_found" ? "other-browser" : linkProblemOf(error)}`);
  redirect(safeNextPath(next));
}
