import "server-only";
import { createClient } from "@/lib/supabase/server";

export async function getDashboard(userId: string) {
  const supabase = await createClient();
  const { data, error } = await supabase.from("profiles").select("role, full_name").eq("id", userId).single();
  // SPEC.md §8: profile read errors are only logged; the page works without the admin button.
  if (error) console.error("profile read failed:", error.message);
  return { isAdmin: data?.role === "admin", fullName: data?.full_name ?? null };
}
