import path from "node:path";
import loadEnv from "@next/env";
import { createClient } from "@supabase/supabase-js";
import type { Database } from "../lib/database.types";

/**
 * `npm run grant-admin -- <email>`: makes a registered user an admin. It reads the app's own
 * variables (NEXT_PUBLIC_SUPABASE_URL and SUPABASE_SECRET_KEY, from the environment or the .env
 * files, as `npm run doctor` does); with no Supabase URL it works on the local school of `npm run dev`.
 */
const ROOT = path.resolve(import.meta.dirname, "..");
loadEnv.loadEnvConfig(ROOT, false, { info: () => {}, error: console.error });

function stop(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}

const email = process.argv[2]?.trim().toLowerCase();
if (!email) stop("Укажите адрес: npm run grant-admin -- <email>");

async function project(): Promise<{ url: string; key: string }> {
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL?.trim();
  if (!url) {
    // The local backend's modules need devDependencies a production install lacks: loaded only here.
    const [{ loadConfig }, { SECRET_KEY }] = await Promise.all([import("../local-backend/config"), import("../local-backend/keys")]);
    return { url: `http://127.0.0.1:${loadConfig().port}`, key: SECRET_KEY };
  }
  const key = process.env.SUPABASE_SECRET_KEY?.trim();
  if (!key) stop("Задайте SUPABASE_SECRET_KEY (Project Settings → API Keys → Secret keys), как для приложения.");
  return { url, key };
}

const { url, key } = await project();
const supabase = createClient<Database>(url, key, { auth: { persistSession: false, autoRefreshToken: false } });
const { data: profile, error } = await supabase.from("profiles").select("id").eq("email", email).maybeSingle();
if (error) stop(`Не удалось прочитать профили в ${url}: ${error.message}. Проверьте ключи и права: npm run doctor`);
if (!profile) stop(`Нет пользователя ${email}: сначала он регистрируется на сайте.`);
// One role per user: the student row becomes the admin row, and profiles.role follows by trigger.
const { error: insertError } = await supabase
  .from("user_roles")
  .upsert({ user_id: profile.id, role: "admin" }, { onConflict: "user_id,role", ignoreDuplicates: true });
if (insertError) stop(`Не удалось назначить администратора: ${insertError.message}`);
const { error: deleteError } = await supabase.from("user_roles").delete().eq("user_id", profile.id).eq("role", "student");
if (deleteError) stop(`Администратор назначен, но роль студента осталась: ${deleteError.message}`);
console.log(`✓ ${email} теперь администратор. Войдите заново, чтобы роль вступила в силу.`);
