"use server";

import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import { linkProblemOf, parseEmailLink } from "@/lib/domain/email-links";
import { safeNextPath } from "@/lib/domain/paths";
import { createAuthClient, createDataClient } from "@/lib/supabase/server";
import { z } from "@/lib/validation/zod";

const DAMAGED = "/auth/link-expired?reason=damaged";

const field = z.string().max(4096).optional();
/** The confirm page's hidden fields, as the page rendered them from the link. */
const emailLinkForm = z.object({ token_hash: field, type: field, next: field, code: field });

/**
 * Trades an email link's token hash for a session, on the server (verifyOtp), so the link works
 * in any browser and on any device, whoever requested it. A `<form action>`: it works before the
 * page's script has loaded.
 */
export const confirmEmailLink = defineFormAction({ role: "anyone", schema: emailLinkForm, refused: DAMAGED }, async ({ data }) => {
  const next = data.next ?? "";
  if (data.code) return exchangeCode(data.code, next);
  const link = parseEmailLink(data.token_hash ?? "", data.type ?? "");
  if (!link) redirect(DAMAGED);
  if (link.type === "email_change") await recordEmailChangeLink(link.tokenHash);
  const auth = await createAuthClient();
  const { data: verified, error } = await auth.verifyOtp({ token_hash: link.tokenHash, type: link.type });
  if (error) redirect(`/auth/link-expired?reason=${linkProblemOf(error)}`);
  // With Auth's own double confirmation (confirmations on) the first link answers without a session.
  if (link.type === "email_change") redirect(verified.session ? "/settings?email=changed" : "/settings?email=confirm-other");
  // Whoever else was signed in (with a password the owner is about to replace) is signed out now;
  // the new password then also unlinks Telegram (migration …1200).
  if (link.type === "recovery") await endOtherSessions(auth);
  redirect(safeNextPath(next, link.type === "recovery" ? "/auth/reset-password" : "/dashboard"));
});

async function endOtherSessions(auth: Awaited<ReturnType<typeof createAuthClient>>) {
  const { error } = await auth.signOut({ scope: "others" });
  if (error) console.error("recovery: other sessions not ended:", error.message);
}

/**
 * An address change completes only once the links of both letters were followed (migration …1300):
 * this one is recorded, and until the other is too the change waits, so Auth never sees the link
 * (it would complete the change on any one link, and the database would refuse it).
 */
async function recordEmailChangeLink(tokenHash: string) {
  const supabase = await createDataClient();
  const { data, error } = await supabase.rpc("prove_email_change", { _token_hash: tokenHash });
  if (error) throw error;
  const proof = data as { side: "current" | "new"; complete: boolean } | null;
  if (!proof) redirect("/auth/link-expired?reason=used-or-expired");
  if (!proof.complete) redirect(`/settings?email=${proof.side === "current" ? "confirm-new" : "confirm-current"}`);
}

/**
 * A link of Supabase's default templates (through its /verify, back with `?code=`): the PKCE
 * exchange, which works only in the browser that asked for the email. The project's own
 * templates (supabase/templates) avoid this by linking here with the token hash.
 */
async function exchangeCode(code: string, next: string): Promise<never> {
  const auth = await createAuthClient();
  const { error } = await auth.exchangeCodeForSession(code);
  if (error) redirect(`/auth/link-expired?reason=${error.code === "pkce_code_verifier_not_found" ? "other-browser" : linkProblemOf(error)}`);
  redirect(safeNextPath(next));
}
