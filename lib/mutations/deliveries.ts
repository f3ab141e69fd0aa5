import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { written } from "./rows";

/** Puts a delivery the worker gave up on back in the queue, its tries counted afresh (admins; the database checks). */
export async function retryDelivery(supabase: SupabaseClient<Database>, deliveryId: number): Promise<void> {
  await written(supabase.rpc("retry_delivery", { _delivery_id: deliveryId }));
}
