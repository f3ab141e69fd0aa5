import "server-only";
import { cache } from "react";
import { normalizeCertificateCode } from "@/lib/domain/certificates";
import { decodeSegment } from "@/lib/domain/paths";
import { createDataClient, createPublicClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** Reads of certificates: the public verification, the student's own list, the admin's list. */

/** What the public page and the PDF show of a certificate (certificate_check); null for an unknown code. */
const getCertificateCheck = cache(async (code: string) => {
  const rows = orThrow(await createPublicClient().rpc("certificate_check", { _code: code }));
  return rows[0] ?? null;
});

/** The certificate a route's code segment names, as typed or dictated (normalizeCertificateCode); null for none. */
export async function getCertificateBySegment(segment: string) {
  const code = normalizeCertificateCode(decodeSegment(segment) ?? "");
  return code ? getCertificateCheck(code) : null;
}

/** The signed-in student's certificates, newest first, and the name their profile has now. */
export async function getMyCertificates(userId: string) {
  const client = await createDataClient();
  const [certificates, profile] = await Promise.all([
    client
      .from("certificates")
      .select("id, code, kind, title, full_name, issued_at, revoked_at, is_public")
      .eq("user_id", userId)
      .order("issued_at", { ascending: false }),
    client.from("profiles").select("full_name").eq("id", userId).maybeSingle(),
  ]);
  return { certificates: orThrow(certificates), currentName: orThrow(profile)?.full_name?.trim() || null };
}

/** The admin's list, searched by a part of the name, e-mail or code. */
export async function getCertificatesOverview(query: string) {
  const client = await createDataClient();
  return orThrow(await client.rpc("certificates_overview", { _query: query || undefined }));
}

/** Whether each track issues a certificate (track_settings; admins read it). */
export async function getTrackCertificateSettings() {
  const client = await createDataClient();
  return orThrow(await client.from("track_settings").select("track, issues_certificate").order("track", { ascending: false }));
}
