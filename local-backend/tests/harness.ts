import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { BackendConfig } from "@/local-backend/config";
import {
  ANON_KEY,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  startLocalBackend,
  type LocalBackend,
} from "@/local-backend/server";

export { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY };

export { DEMO_ACCOUNTS as SEEDED } from "@/local-backend/demo-accounts";

/** A throwaway backend (in memory, on a free port) with the project's migrations and seed. */
export async function startTestBackend(config: Partial<BackendConfig> = {}): Promise<LocalBackend> {
  return startLocalBackend({ dataDir: "memory://", port: 0, log: () => {}, config });
}

export function anonClient(backend: LocalBackend): SupabaseClient<Database> {
  return createClient<Database>(backend.url, ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
}

export function serviceClient(backend: LocalBackend): SupabaseClient<Database> {
  return createClient<Database>(backend.url, SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
}

export async function signedIn(backend: LocalBackend, email: string, password: string) {
  const client = anonClient(backend);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, session: data.session!, user: data.user! };
}

let counter = 0;
export const uniqueEmail = (label = "user") => `${label}-${Date.now()}-${counter++}@example.com`;

export interface Mail {
  recipient: string;
  subject: string;
  body: string;
  link: string;
}

/** The newest mail to a recipient in the backend's local mailbox. */
export async function latestMail(backend: LocalBackend, recipient: string): Promise<Mail> {
  const mails: Mail[] = await (await fetch(`${backend.url}/mailbox?format=json`)).json();
  const mail = mails.find((item) => item.recipient === recipient);
  if (!mail) throw new Error(`no mail for ${recipient}`);
  return mail;
}
