import { createClient } from "@supabase/supabase-js";
import type { Database } from "../lib/database.types";
import { SERVICE_ROLE_KEY } from "../local-backend/keys";

/**
 * `npm run grant-admin -- <email>`: makes a registered user an admin.
 * Local backend by default; for a hosted project set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.
 */
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error("Usage: npm run grant-admin -- <email>");
  process.exit(1);
}
const url = process.env.SUPABASE_URL ?? process.env.NEXT_PUBLIC_SUPABASE_URL ?? "http://127.0.0.1:54321";
const key = process.env.SUPABASE_SERVICE_ROLE_KEY ?? (url.includes("127.0.0.1") || url.includes("localhost") ? SERVICE_ROLE_KEY : undefined);
if (!key) {
  console.error("Set SUPABASE_SERVICE_ROLE_KEY (Project Settings → API keys) to grant admin on a hosted project.");
  process.exit(1);
}

const supabase = createClient<Database>(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
const { data: profile, error } = await supabase.from("profiles").select("id").eq("email", email).maybeSingle();
if (error) {
  console.error(`Could not read profiles at ${url}: ${error.message}`);
  process.exit(1);
}
if (!profile) {
  console.error(`No user with email ${email}: they must sign up first.`);
  process.exit(1);
}
// One role per user: the student row becomes the admin row, and profiles.role follows by trigger.
const { error: insertError } = await supabase
  .from("user_roles")
  .upsert({ user_id: profile.id, role: "admin" }, { onConflict: "user_id,role", ignoreDuplicates: true });
const { error: deleteError } = await supabase.from("user_roles").delete().eq("user_id", profile.id).eq("role", "student");
if (insertError || deleteError) {
  console.error(`Could not grant admin: ${(insertError ?? deleteError)!.message}`);
  process.exit(1);
}
console.log(`${email} is now an admin.`);
// The role travels in the access token (custom_access_token_hook), so it shows at the next refresh.
console.log("It takes effect at their next token refresh: within an hour, or at once if they sign out and in again.");
