import { createClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { supabaseEnv } from "./env";

/**
 * The service role, for work no visitor's rights cover: the sign-in attempt counters
 * (lib/security/attempts.ts), the notification worker, the Telegram webhook, deleting an
 * account, and recording a homework file or a lesson material after the server checked its bytes
 * (issue 41: the database takes those records from no visitor's token). Needs SUPABASE_SECRET_KEY; never used to read a visitor's data. Free of Next.js imports,
 * so `npm run worker` runs it outside the app.
 */
export function createServiceClient() {
  const secretKey = process.env.SUPABASE_SECRET_KEY;
  if (!secretKey) throw new Error("SUPABASE_SECRET_KEY is not set (docs/deployment.md).");
  return createClient<Database>(supabaseEnv().url, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}
