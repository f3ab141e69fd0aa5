import { readFile } from "node:fs/promises";
import path from "node:path";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinDir, startCluster, type Cluster } from "@/tests/postgres/cluster";

/**
 * bootstrap.sql's storage schema on a real PostgreSQL set up as hosted Supabase is
 * (tests/postgres): owned by supabase_storage_admin, so `postgres` (which runs the migrations)
 * may insert buckets and write policies on storage.objects and storage.buckets, as supautils'
 * policy_grants allows on hosted, but may not alter the tables; the API roles reach the rows only
 * through row level security.
 */

const binDir = postgresBinDir();
const root = path.resolve(import.meta.dirname, "../..");
let cluster: Cluster;
let owner: Client;
let authenticator: Client;

const connect = async (user: string) => {
  const client = new Client({ host: cluster.host, port: cluster.port, user, database: "postgres" });
  await client.connect();
  return client;
};

const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: { code?: string; message: string }) => error.message);

describe.skipIf(!binDir)("the storage schema on a hosted-style PostgreSQL", () => {
  beforeAll(async () => {
    cluster = startCluster(binDir!);
    const superuser = await connect("supabase_admin");
    await superuser.query(await readFile(path.join(root, "tests/postgres/hosted-roles.sql"), "utf8"));
    await superuser.query(await readFile(path.join(root, "local-backend/bootstrap.sql"), "utf8"));
    await superuser.end();
    owner = await connect("postgres");
    authenticator = await connect("authenticator");
  });
  afterAll(async () => {
    await owner?.end();
    await authenticator?.end();
    cluster?.stop();
  });

  it("belongs to supabase_storage_admin, with row level security on", async () => {
    const { rows } = await owner.query(
      `select c.relname, c.relowner::regrole::text as owner, c.relrowsecurity as rls from pg_class c
       where c.relnamespace = 'storage'::regnamespace and c.relkind = 'r' order by 1`,
    );
    expect(rows).toEqual([
      { relname: "buckets", owner: "supabase_storage_admin", rls: true },
      { relname: "objects", owner: "supabase_storage_admin", rls: true },
    ]);
  });

  it("lets postgres add buckets and write policies, as a migration does, but not alter the tables", async () => {
    await owner.query(`insert into storage.buckets (id, name) values ('lesson-files', 'lesson-files')`);
    await owner.query(`create policy "students read lesson files" on storage.objects for select to authenticated using (bucket_id = 'lesson-files')`);
    await owner.query(`alter policy "students read lesson files" on storage.objects using (bucket_id = 'lesson-files' and auth.uid() is not null)`);
    await owner.query(`create policy "anyone lists buckets" on storage.buckets for select using (true)`);
    const { rows } = await owner.query(`select pg_has_role('postgres', 'supabase_storage_admin', 'member') as member`);
    expect(rows[0].member).toBe(false);
    expect(await failure(owner.query(`alter table storage.objects add column nickname text`))).toBe("must be owner of table objects");
    expect(await failure(owner.query(`alter table storage.objects disable row level security`))).toBe("must be owner of table objects");
    expect(await failure(owner.query(`create table storage.mine (id int)`))).toBe("permission denied for schema storage");
    expect(await failure(owner.query(`delete from storage.buckets`))).toBe("Direct deletion from storage tables is not allowed. Use the Storage API instead.");
  });

  it("shows the API roles only what policies allow, through the helpers policies use", async () => {
    await owner.query(`insert into storage.objects (bucket_id, name, metadata) values ('lesson-files', 'm1/intro.pdf', '{"size": 3}'), ('lesson-files', 'm1/notes/a.md', '{}')`);
    const as = async (claims: object, sql: string) => {
      await authenticator.query("begin");
      try {
        await authenticator.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
        await authenticator.query(`set local role ${(claims as { role: string }).role}`);
        return (await authenticator.query(sql)).rows;
      } finally {
        await authenticator.query("rollback");
      }
    };
    const student = { role: "authenticated", sub: "a0000000-0000-4000-8000-000000000002" };
    expect(await as({ role: "anon" }, `select name from storage.objects`)).toEqual([]);
    expect(await as(student, `select name from storage.search('m1/', 'lesson-files')`)).toEqual([{ name: "intro.pdf" }, { name: "notes" }]);
    expect(await as(student, `select storage.foldername(name) as folders, storage.filename(name) as file, storage.extension(name) as ext from storage.objects order by name`)).toEqual([
      { folders: ["m1"], file: "intro.pdf", ext: "pdf" },
      { folders: ["m1", "notes"], file: "a.md", ext: "md" },
    ]);
    expect(await as({ role: "anon" }, `select id from storage.buckets`)).toEqual([{ id: "lesson-files" }]);
    expect(await failure(as(student, `insert into storage.objects (bucket_id, name) values ('lesson-files', 'x')`))).toBe(
      'new row violates row-level security policy for table "objects"',
    );
  });
});
