import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "@/local-backend/demo-accounts";
import { postgresBinDir, startHostedCluster, type HostedDatabase } from "../postgres/cluster";

/**
 * An owner who runs supabase/seed.sql on their hosted project (`psql -f`, `supabase db push
 * --include-seed`) gets the demo course, never an account whose password is in the README.
 * The database is set up as a new hosted project, with no trace of the local backend.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const binDir = postgresBinDir();

let database: HostedDatabase;
let admin: Client;
const notices: string[] = [];

describe.skipIf(!binDir)("seed.sql on a production project", () => {
  beforeAll(async () => {
    database = await startHostedCluster(binDir!);
    admin = await database.connect("supabase_admin");
    // The local backend's own schema is what marks a local database; a hosted project has none.
    await admin.query("drop schema _local cascade");
    const owner = await database.connect("postgres");
    owner.on("notice", (notice) => notices.push(notice.message ?? ""));
    try {
      const migrations = (await readdir(path.join(ROOT, "supabase/migrations"))).filter((name) => name.endsWith(".sql")).sort();
      for (const name of [...migrations.map((file) => `supabase/migrations/${file}`), "supabase/seed.sql"]) {
        await owner.query("begin");
        await owner.query(await readFile(path.join(ROOT, name), "utf8"));
        await owner.query("commit");
      }
    } finally {
      await owner.end();
    }
  });
  afterAll(async () => {
    await admin?.end();
    database?.cluster.stop();
  });

  it("creates no account, so none with a known password", async () => {
    const { rows } = await admin.query<{ users: number; profiles: number; known: number }>(
      `select (select count(*)::int from auth.users) as users,
              (select count(*)::int from public.profiles) as profiles,
              (select count(*)::int from auth.users where encrypted_password = any (
                 select extensions.crypt(password, encrypted_password) from unnest($1::text[]) as password)) as known`,
      [Object.values(DEMO_ACCOUNTS).map((account) => account.password)],
    );
    expect(rows[0]).toEqual({ users: 0, profiles: 0, known: 0 });
  });

  it("says why, and still adds the demo course content", async () => {
    expect(notices).toContainEqual(expect.stringContaining("no demo accounts outside the local backend"));
    const { rows } = await admin.query<{ modules: number; lessons: number; grants: number }>(
      `select (select count(*)::int from public.course_modules) as modules,
              (select count(*)::int from public.lessons) as lessons,
              (select count(*)::int from public.module_access) + (select count(*)::int from public.group_members) as grants`,
    );
    expect(rows[0].modules).toBeGreaterThan(0);
    expect(rows[0].lessons).toBeGreaterThan(0);
    expect(rows[0].grants).toBe(0);
  });
});
