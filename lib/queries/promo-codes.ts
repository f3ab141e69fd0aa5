import "server-only";
import { createDataClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** The owner's promo codes with their uses, and the offers a code may be limited to (/admin/promo-codes). */
export async function getPromoCodesPage() {
  const client = await createDataClient();
  const [codes, offers] = await Promise.all([client.rpc("promo_codes_overview"), client.from("offers").select("id, title").order("title")]);
  return { codes: orThrow(codes), offers: orThrow(offers) };
}
