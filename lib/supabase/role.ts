import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AppRole } from "@/lib/domain/roles";

let warned = false;

/** The fallback when an access token carries no user_role: has_role, asked of the database. */
export async function roleFromDatabase(client: SupabaseClient<Database>, userId: string): Promise<AppRole> {
  if (!warned) {
    warned = true;
    console.warn("Access tokens carry no user_role: enable the custom access token hook (see README).");
  }
  const { data, error } = await client.rpc("has_role", { _user_id: userId, _role: "admin" });
  if (error) console.error("has_role failed:", error.message);
  return data === true ? "admin" : "student";
}
