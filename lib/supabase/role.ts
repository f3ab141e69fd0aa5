import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { highestRole, type AppRole } from "@/lib/domain/roles";

let warned = false;

/**
 * The fallback when an access token carries no user_role: the user's own rows of user_roles
 * (row level security lets each user read theirs), highest first, as the hook would name it.
 */
export async function roleFromDatabase(client: SupabaseClient<Database>, userId: string): Promise<AppRole> {
  if (!warned) {
    warned = true;
    console.warn("Access tokens carry no user_role: enable the custom access token hook (docs/deployment.md, Auth settings).");
  }
  const { data, error } = await client.from("user_roles").select("role").eq("user_id", userId);
  if (error) console.error("reading the user's roles failed:", error.message);
  return highestRole((data ?? []).map((row) => row.role));
}
