import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { changed, written } from "./rows";

/** Certificates' writes: the database checks whose certificate it is and who may change it (migration 20261128009510). */

type Client = SupabaseClient<Database>;

/** How a reissue or revocation ended, for the page the form returns to. */
export type CertificateOutcome = "reissued" | "revoked" | "same-name" | "not-found" | "has-valid";

/** A refusal the page words itself; anything else is thrown for the action layer. */
function outcomeOf(error: unknown): CertificateOutcome {
  if (error instanceof DatabaseError) {
    if (error.failure.hint === "certificate_same_name") return "same-name";
    if (error.failure.code === "P0002") return "not-found";
    if (error.failure.code === "23505") return "has-valid";
  }
  throw error;
}

/** «Поделиться» and its undo, on the caller's own certificate. */
export async function shareCertificate(client: Client, id: string, shared: boolean) {
  await written(client.rpc("share_certificate", { _id: id, _shared: shared }));
}

/** A new certificate under the profile's name now, the old one revoked: the student's after a change of name, an admin's any time. */
export async function reissueCertificate(client: Client, id: string): Promise<CertificateOutcome> {
  return written(client.rpc("reissue_certificate", { _id: id })).then(() => "reissued" as const, outcomeOf);
}

/** An admin revokes a valid certificate with a reason. */
export async function revokeCertificate(client: Client, id: string, reason: string): Promise<CertificateOutcome> {
  return written(client.rpc("revoke_certificate", { _id: id, _reason: reason })).then(() => "revoked" as const, outcomeOf);
}

/** Whether a whole track issues a certificate (track_settings; admins only, by row level security). */
export async function setTrackCertificate(client: Client, track: "tech" | "product", issues: boolean) {
  await changed(client.from("track_settings").update({ issues_certificate: issues }).eq("track", track).select("track"), "Трек не найден");
}

/** «Выдавать сертификат» on a tool or a course module (admins only, by row level security). */
export async function setContentCertificate(client: Client, kind: "tool" | "course_module", id: string, issues: boolean) {
  const update = kind === "tool" ? client.from("tech_tools").update({ issues_certificate: issues }) : client.from("course_modules").update({ issues_certificate: issues });
  await changed(update.eq("id", id).select("id"), kind === "tool" ? "Инструмент не найден" : "Модуль не найден");
}
