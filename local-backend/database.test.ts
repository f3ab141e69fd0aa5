import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinDir, startCluster, type Cluster } from "@/tests/postgres/cluster";
import { openDatabase, upgradeBootstrap, type Database } from "./database";

describe("the local database takes turns with the event loop", () => {
  it("lets a timer run between queued queries, not after all of them", async () => {
    const db = await openDatabase("memory://", () => {});
    const queued = 30;
    let finished = 0;
    const queries = Array.from({ length: queued }, () =>
      db.query("select count(*) from generate_series(1, 20000)").then(() => finished++),
    );
    const finishedWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
    await Promise.all(queries);
    await db.close();
    expect(finished).toBe(queued);
    // Without turns, PGlite's queue runs all 30 back to back before the timer gets its turn.
    expect(finishedWhenTimerRan).toBeLessThan(3);
  });

  it("keeps a transaction whole and runs queries in the order they were asked", async () => {
    const db = await openDatabase("memory://", () => {});
    await db.exec("create temporary table turns (step int)");
    const order: string[] = [];
    await Promise.all([
      db.transaction(async (tx) => {
        await tx.query("insert into turns values (1)");
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.query("insert into turns values (2)");
        order.push("transaction");
      }),
      db.query("insert into turns values (3)").then(() => order.push("query")),
    ]);
    const { rows } = await db.query<{ step: number }>("select step from turns order by ctid");
    await db.close();
    expect(order).toEqual(["transaction", "query"]);
    expect(rows.map((row) => row.step)).toEqual([1, 2, 3]);
  });
});

describe("a data folder made by an older bootstrap.sql", () => {
  it("gets the columns added since, once, however often the backend starts", async () => {
    const db = await openDatabase("memory://", () => {});
    await db.exec(`alter table auth.users drop column email_change_token_current, drop column email_change_confirm_status,
      drop column email_change_sent_at;
      alter table _local.mailbox drop column source, drop column sender, drop column html, drop column message_id, drop column headers`);
    await upgradeBootstrap(db);
    await upgradeBootstrap(db);
    const columns = await db.query<{ table_name: string; n: number }>(
      `select table_name, count(*)::int as n from information_schema.columns
       where (table_schema, table_name) in (('auth', 'users'), ('_local', 'mailbox'))
         and column_name in ('email_change_token_current', 'email_change_confirm_status', 'email_change_sent_at',
           'source', 'sender', 'html', 'message_id', 'headers')
       group by table_name order by table_name`,
    );
    const checks = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_constraint where conrelid = 'auth.users'::regclass and contype = 'c'`,
    );
    await db.close();
    expect(columns.rows).toEqual([
      { table_name: "mailbox", n: 5 },
      { table_name: "users", n: 3 },
    ]);
    expect(checks.rows[0].n).toBe(1);
  });
});

const binDir = postgresBinDir();

describe.skipIf(!binDir)("LOCAL_BACKEND_DATABASE_URL: the same database on a PostgreSQL server", () => {
  let cluster: Cluster;
  let server: Database;
  let pglite: Database;
  const firstStart: string[] = [];
  beforeAll(async () => {
    cluster = startCluster(binDir!, { locale: "C.UTF-8" });
    [server, pglite] = await Promise.all([openDatabase("memory://", (line) => firstStart.push(line), cluster.url), openDatabase("memory://", () => {})]);
  });
  afterAll(async () => {
    await Promise.all([server?.close(), pglite?.close()]);
    cluster?.stop();
  });

  it("bootstraps an empty database as hosted, migrates as postgres and seeds; a restart applies nothing again", async () => {
    const migrations = (await readdir(path.resolve(import.meta.dirname, "../supabase/migrations"))).filter((name) => name.endsWith(".sql"));
    expect(firstStart.filter((line) => line.startsWith("migration applied"))).toHaveLength(migrations.length);
    expect(firstStart).toContain("seed.sql applied");
    const { rows } = await server.query<{ owner: string; superuser: boolean; applied: number; profiles: number }>(
      `select (select tableowner from pg_tables where schemaname = 'public' and tablename = 'profiles') as owner,
              (select rolsuper from pg_roles where rolname = 'postgres') as superuser,
              (select count(*)::int from _local.migrations) as applied, (select count(*)::int from public.profiles) as profiles`,
    );
    expect(rows).toEqual([{ owner: "postgres", superuser: false, applied: migrations.length, profiles: 3 }]);

    const restart: string[] = [];
    await (await openDatabase("memory://", (line) => restart.push(line), cluster.url)).close();
    expect(restart).toEqual([expect.stringMatching(/^database: postgres on PostgreSQL \d+/)]);
  });

  it("refuses to bootstrap as a user that is not a superuser", async () => {
    await server.exec("create database not_yet_set_up");
    const url = cluster.url.replace("supabase_admin@localhost/postgres", "authenticator@localhost/not_yet_set_up");
    await expect(openDatabase("memory://", () => {}, url)).rejects.toThrow(/must name a superuser/);
  });

  it("reads every type as PGlite does", async () => {
    const sql = `select now()::date as day, timestamptz '2026-01-02 03:04:05.678+03' as at, timestamp '2026-01-02 03:04:05' as local_at,
      'infinity'::timestamptz as forever, 7::int2 as small, 7 as int, 9007199254740993::int8 as huge, 42::int8 as count,
      1.50::numeric as price, 0.25::float8 as share, true as yes, 'текст' as text, gen_random_uuid() is not null as has_uuid,
      '11111111-1111-4111-8111-111111111111'::uuid as id, '{"a": [1, "b"]}'::json as json, '{"a": 1}'::jsonb as jsonb,
      '\\x00ff'::bytea as bytes, interval '1 day 2 hours' as span, array['a', null, 'c "d"'] as texts, array[1, 2] as ints,
      array[timestamptz '2026-01-01 00:00+00'] as ats, array['{"x": 1}'::jsonb] as docs, array['11111111-1111-4111-8111-111111111111'::uuid] as ids,
      'accepted'::public.submission_status as status, array['accepted', 'returned']::public.submission_status[] as statuses,
      null::text as nothing`;
    const [fromServer, fromPglite] = await Promise.all([server.query(sql), pglite.query(sql)]);
    expect(fromServer.rows).toEqual(fromPglite.rows);
    // Only an enum's type id differs: each database numbered its own.
    expect(fromServer.fields.map((field) => field.name)).toEqual(fromPglite.fields.map((field) => field.name));
  });

  it("counts the rows written as PGlite does, and fails a transaction whose error was caught", async () => {
    const script = `create temporary table counted (n int); insert into counted values (1), (2); update counted set n = n + 1; select count(*) from counted`;
    const shapes = async (db: Database) => ({
      exec: (await db.transaction((tx) => tx.exec(script))).map(({ rows, affectedRows }) => ({ rows, affectedRows })),
      caught: await db
        .transaction(async (tx) => {
          await tx.query("select 1 / 0").catch(() => null);
        })
        .catch((error: { code?: string }) => error.code),
    });
    expect(await shapes(server)).toEqual(await shapes(pglite));
  });

  it("runs transactions side by side, each with its own role", async () => {
    const asRole = (role: string) =>
      server.transaction(async (tx) => {
        await tx.exec(`set local role ${role}`);
        await tx.query("select pg_sleep(0.3)");
        return (await tx.query<{ role: string }>("select current_user as role")).rows[0].role;
      });
    const started = performance.now();
    expect(await Promise.all([asRole("anon"), asRole("authenticated"), server.query<{ role: string }>("select current_user as role")])).toEqual([
      "anon",
      "authenticated",
      { rows: [{ role: "supabase_admin" }], fields: [{ name: "role", dataTypeID: 19 }], affectedRows: 0 },
    ]);
    expect(performance.now() - started).toBeLessThan(550);
  });
});
