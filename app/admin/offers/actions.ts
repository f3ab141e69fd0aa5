"use server";

import { redirect } from "next/navigation";
import { defineAction, defineFormAction, ok } from "@/lib/actions";
import * as offers from "@/lib/mutations/offers";
import { offerIdSchema, offerSchema } from "@/lib/validation/offers";
import { z } from "@/lib/validation/zod";

/** The offers' actions: what the school sells. */

// No revalidatePath: the admin pages and the catalogue render per request, and each form refreshes or navigates.

/** Creates an offer (the form then opens it) or saves one. */
export const saveOffer = defineAction({ role: "admin", schema: offerSchema }, async ({ data: { id, ...values }, supabase }) => {
  if (!id) return ok({ id: await offers.createOffer(supabase, values) }, "Предложение создано");
  await offers.updateOffer(supabase, id, values);
  return ok({ id });
});

/** Removes an offer nobody ordered; one with orders is refused in Russian (taken off sale instead). */
export const deleteOffer = defineAction({ role: "admin", schema: offerIdSchema }, async ({ data: offerId, supabase }) => {
  await offers.deleteOffer(supabase, offerId);
  return ok(undefined, "Предложение удалено");
});

const moveSchema = z.object({ id: z.uuid(), direction: z.enum(["up", "down"]) });

/** «Выше» / «Ниже»: the offer's place in the catalogue. A plain form: it works before the page's script. */
export const moveOffer = defineFormAction(
  { role: "admin", schema: moveSchema, bound: true, refused: "/admin/offers?result=failed" },
  async ({ data, supabase }) => {
    await offers.moveOffer(supabase, data.id, data.direction);
    redirect("/admin/offers");
  },
);
