"use server";

import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import * as certificates from "@/lib/mutations/certificates";
import { contentCertificateSchema, revokeCertificateSchema, trackCertificateSchema } from "@/lib/validation/certificates";
import { z } from "@/lib/validation/zod";

const PAGE = "/admin/certificates";

/** «Отозвать» with a reason: the public page says «Отозван» from now on. */
export const revokeCertificate = defineFormAction({ role: "admin", schema: revokeCertificateSchema, refused: `${PAGE}?result=bad-reason` }, async ({ data, supabase }) => {
  redirect(`${PAGE}?result=${await certificates.revokeCertificate(supabase, data.id, data.reason)}`);
});

/** «Перевыпустить»: a new certificate under the student's name now, the old one revoked. */
export const reissueCertificate = defineFormAction({ role: "admin", schema: z.uuid(), bound: true, refused: `${PAGE}?result=failed` }, async ({ data: id, supabase }) => {
  redirect(`${PAGE}?result=${await certificates.reissueCertificate(supabase, id)}`);
});

/** «Выдавать сертификат за весь трек». */
export const setTrackCertificate = defineFormAction({ role: "admin", schema: trackCertificateSchema, refused: `${PAGE}?result=failed` }, async ({ data, supabase }) => {
  await certificates.setTrackCertificate(supabase, data.track, data.issues === "on");
  redirect(`${PAGE}?result=track-saved`);
});

/** «Выдавать сертификат» on a tool or a course module, from its studio page. */
export const setContentCertificate = defineFormAction({ role: "admin", schema: contentCertificateSchema, refused: "/admin/content" }, async ({ data, supabase }) => {
  await certificates.setContentCertificate(supabase, data.kind, data.id, data.issues === "on");
  redirect(`/admin/content/${data.kind === "tool" ? "tools" : "modules"}/${data.id}?certificate=saved`);
});
