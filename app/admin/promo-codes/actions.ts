"use server";

import { redirect } from "next/navigation";
import { defineFormAction, defineStateAction } from "@/lib/actions";
import * as promoCodes from "@/lib/mutations/promo-codes";
import { promoCodeSchema } from "@/lib/validation/promo-codes";
import { z } from "@/lib/validation/zod";

/** «Создать промокод». */
export const createPromoCode = defineStateAction(
  { role: "admin", schema: promoCodeSchema, shown: ["code", "kind", "value", "offerId", "maxUses", "expiresAt"] },
  async ({ data, supabase }) => {
    await promoCodes.createPromoCode(supabase, data);
    redirect(`/admin/promo-codes?result=created`);
  },
);

const switchSchema = z.object({ id: z.uuid(), active: z.boolean() });

/** «Выключить» / «Включить»: a code switched off is refused at checkout as unknown; its orders stay. */
export const switchPromoCode = defineFormAction(
  { role: "admin", schema: switchSchema, bound: true, refused: "/admin/promo-codes?result=failed" },
  async ({ data, supabase }) => {
    await promoCodes.setPromoCodeActive(supabase, data.id, data.active);
    redirect(`/admin/promo-codes?result=${data.active ? "on" : "off"}`);
  },
);
