import "server-only";
import { createDataClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** Reads of the offers admin (/admin/offers): every offer, drafts too (row level security: the admin's). */

const OFFER_COLUMNS = "id, slug, title, description_md, price_kopecks, group_id, access_days, is_published, order_index";

export type AdminOffer = Awaited<ReturnType<typeof getOffers>>[number];

/** Every offer in the owner's order, with its group's name. */
export async function getOffers() {
  const supabase = await createDataClient();
  const [offers, groups] = await Promise.all([
    supabase.from("offers").select(OFFER_COLUMNS).order("order_index").order("title"),
    supabase.from("groups").select("id, name"),
  ]);
  const names = new Map(orThrow(groups).map((group) => [group.id, group.name]));
  return orThrow(offers).map((offer) => ({ ...offer, groupName: names.get(offer.group_id) ?? null }));
}

/** One offer (null when there is none) and the groups it may sell, for its form. */
export async function getOfferEditor(offerId: string | null) {
  const supabase = await createDataClient();
  const [offer, groups] = await Promise.all([
    offerId ? supabase.from("offers").select(OFFER_COLUMNS).eq("id", offerId).maybeSingle() : null,
    supabase.from("groups").select("id, name").order("name"),
  ]);
  return { offer: offer ? orThrow(offer) : null, groups: orThrow(groups) };
}
