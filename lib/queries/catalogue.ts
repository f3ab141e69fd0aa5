import "server-only";
import { createDataClient, createPublicClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** Reads of the catalogue (/courses) and the checkout: published offers, their program, one order. */

const OFFER_COLUMNS = "id, slug, title, description_md, price_kopecks, access_days";

/** The published offers, in the owner's order: the same for every visitor. */
export async function getCatalogue() {
  return orThrow(await createPublicClient().from("offers").select(OFFER_COLUMNS).eq("is_published", true).order("order_index").order("title"));
}

/** A published offer and what it opens, for its sales page; null for a draft or an unknown slug. */
export async function getOfferPage(slug: string) {
  const [offer, program] = await Promise.all([getPublishedOffer(slug), createPublicClient().rpc("offer_program", { _slug: slug })]);
  return offer ? { offer, program: orThrow(program) } : null;
}

/** A published offer alone (the checkout needs no program); null for a draft or an unknown slug. */
export async function getPublishedOffer(slug: string) {
  const offer = await createPublicClient().from("offers").select(OFFER_COLUMNS).eq("slug", slug).eq("is_published", true).maybeSingle();
  return orThrow(offer);
}

/** The buyer's own order with its offer's title and address (row level security: nobody else's); null when there is none. */
export async function getOrder(orderId: string) {
  const client = await createDataClient();
  const answer = await client.rpc("buyer_order", { _order_id: orderId }).maybeSingle();
  const order = orThrow(answer);
  if (!order) return null;
  // An offer taken off sale keeps its orders; its page and title are then the buyer's no longer.
  const { offer_slug: slug, offer_title: title, ...rest } = order;
  return { ...rest, offer: slug && title ? { slug, title } : null };
}
