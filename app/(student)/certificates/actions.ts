"use server";

import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import * as certificates from "@/lib/mutations/certificates";
import { shareCertificateSchema } from "@/lib/validation/certificates";
import { z } from "@/lib/validation/zod";

const PAGE = "/certificates";

/** «Поделиться» / «Скрыть из поиска»: whether the certificate's public page may be indexed. */
export const shareCertificate = defineFormAction({ role: "student", schema: shareCertificateSchema, refused: `${PAGE}?result=failed` }, async ({ data, supabase }) => {
  const shared = data.shared === "true";
  await certificates.shareCertificate(supabase, data.id, shared);
  redirect(`${PAGE}?result=${shared ? "shared" : "hidden"}`);
});

/** «Перевыпустить с новым именем»: the student's own valid certificate, after their name changed. */
export const reissueMyCertificate = defineFormAction(
  { role: "student", schema: z.uuid(), bound: true, refused: `${PAGE}?result=failed` },
  async ({ data: id, supabase }) => {
    redirect(`${PAGE}?result=${await certificates.reissueCertificate(supabase, id)}`);
  },
);
