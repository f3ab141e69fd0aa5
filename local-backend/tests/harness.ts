import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { BackendConfig } from "@/local-backend/config";
import { openDatabase } from "@/local-backend/database";
import { postgresBinDir, startCluster, templateCluster } from "@/tests/postgres/cluster";
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

export type TestDatabase = "PGlite" | "PostgreSQL";

/** PGlite, and a real PostgreSQL server too when Debian's is installed: for suites that run on both. */
export const TEST_DATABASES: TestDatabase[] = postgresBinDir() ? ["PGlite", "PostgreSQL"] : ["PGlite"];

/** `LOCAL_BACKEND_TEST_DATABASE=PostgreSQL` runs any suite's backends on a throwaway PostgreSQL cluster. */
const defaultDatabase: TestDatabase = process.env.LOCAL_BACKEND_TEST_DATABASE === "PostgreSQL" ? "PostgreSQL" : "PGlite";

/**
 * A throwaway backend (in memory, on a free port) with the project's migrations and seed. On
 * PostgreSQL, a cluster of its own (tests/postgres), stopped with it: a copy of the run's template
 * (postgresBackendTemplate), or with `template: false` an empty hosted-style cluster the backend
 * bootstraps itself, its seed written at that moment.
 */
export async function startTestBackend(
  config: Partial<BackendConfig> = {},
  database = defaultDatabase,
  { template = true }: { template?: boolean } = {},
): Promise<LocalBackend> {
  const start = (databaseUrl: string | null) =>
    startLocalBackend({ dataDir: "memory://", port: 0, log: () => {}, config: { databaseUrl, ...config } });
  if (database === "PGlite") return start(null);
  const binDir = postgresBinDir();
  if (!binDir) throw new Error("no PostgreSQL server installed (Debian: apt-get install postgresql)");
  const cluster = startCluster(binDir, { locale: "C.UTF-8", template: template ? await postgresBackendTemplate(binDir) : undefined });
  try {
    const backend = await start(cluster.url);
    return {
      ...backend,
      async close() {
        await backend.close();
        cluster.stop();
      },
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}

/**
 * A hosted-style cluster as the backend leaves an empty one on its first start (the hosted roles,
 * its bootstrap, every migration, seed.sql), stopped: each PostgreSQL backend starts from a copy,
 * not from initdb and every migration again (tests/postgres/cluster.ts, templateCluster).
 */
export function postgresBackendTemplate(binDir: string): Promise<string> {
  return templateCluster(binDir, { name: "backend", locale: "C.UTF-8" }, async (cluster) => {
    const db = await openDatabase("memory://", () => {}, cluster.url);
    await db.close();
  });
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

/** supabase-js types maxAffected() for PostgREST 13 only; it sends the Prefer values PostgREST 12.2 reads too. */
export const maxAffected = <T>(builder: T, rows: number): T => (builder as unknown as { maxAffected(rows: number): T }).maxAffected(rows);

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
