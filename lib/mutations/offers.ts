import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import type { OfferValues } from "@/lib/validation/offers";
import { changed, written } from "./rows";

/** The offers' writes: what the school sells (a group's membership), made, changed and removed by the admin. */

type Client = SupabaseClient<Database>;

const OFFER_NOT_FOUND = "Предложение не найдено — возможно, его уже удалили";
const GROUP_NOT_FOUND = "Группа не найдена — выберите другую";

const columns = (values: Omit<OfferValues, "id">) => ({
  title: values.title,
  slug: values.slug,
  description_md: values.description_md,
  price_kopecks: values.price,
  group_id: values.group_id,
  access_days: values.access_days,
  is_published: values.is_published,
});

/**
 * A write naming a group that is gone: the error table reads offers_group_id_fkey as a group's
 * deletion refused, so an offer's own write says the group is missing, on its field.
 */
async function naming<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (thrown) {
    if (thrown instanceof DatabaseError && thrown.failure.code === "23503" && /offers_group_id_fkey/.test(thrown.failure.message)) {
      throw new Refusal(GROUP_NOT_FOUND, { group_id: GROUP_NOT_FOUND });
    }
    throw thrown;
  }
}

/** Creates an offer at the end of the owner's list; answers its id. */
export async function createOffer(client: Client, values: Omit<OfferValues, "id">): Promise<string> {
  const last = await written<{ order_index: number }>(client.from("offers").select("order_index").order("order_index", { ascending: false }).limit(1).maybeSingle());
  const offer = await naming(written<{ id: string }>(client.from("offers").insert({ ...columns(values), order_index: (last?.order_index ?? 0) + 1 }).select("id").single()));
  return offer!.id;
}

export async function updateOffer(client: Client, id: string, values: Omit<OfferValues, "id">) {
  await naming(changed(client.from("offers").update({ ...columns(values), updated_at: new Date().toISOString() }).eq("id", id).select("id"), OFFER_NOT_FOUND));
}

/** Removes an offer nobody ordered; one with orders is refused (orders_offer_id_fkey): it is taken off sale instead. */
export async function deleteOffer(client: Client, id: string) {
  await changed(client.from("offers").delete().eq("id", id).select("id"), OFFER_NOT_FOUND);
}

/**
 * Moves an offer one place up or down in the catalogue's order. The list is numbered 1…n first, so
 * offers that shared a place (created with the same index) get one each; only the rows that moved
 * are written.
 */
export async function moveOffer(client: Client, offerId: string, direction: "up" | "down") {
  const list = await written(client.from("offers").select("id, order_index").order("order_index").order("title"));
  const ids = (list ?? []).map((offer) => offer.id);
  const from = ids.indexOf(offerId);
  if (from === -1) throw new Refusal(OFFER_NOT_FOUND);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to], ids[from]];
  const current = new Map((list ?? []).map((offer) => [offer.id, offer.order_index]));
  for (const [index, id] of ids.entries()) {
    if (current.get(id) !== index + 1) await written(client.from("offers").update({ order_index: index + 1 }).eq("id", id));
  }
}
