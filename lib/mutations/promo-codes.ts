import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { changed, written } from "./rows";

type Client = SupabaseClient<Database>;

/** The owner's promo codes: a new one, and switching one off or on (a used code stays, for its orders). */
export async function createPromoCode(client: Client, code: Database["public"]["Tables"]["promo_codes"]["Insert"]) {
  await written(client.from("promo_codes").insert(code));
}

export async function setPromoCodeActive(client: Client, id: string, active: boolean) {
  await changed(client.from("promo_codes").update({ is_active: active }).eq("id", id).select("id"), "Промокод не найден");
}
