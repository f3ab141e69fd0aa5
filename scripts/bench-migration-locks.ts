import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "pg";
import { postgresBinDir, startHostedCluster, startHostedDatabase, type HostedDatabase } from "../tests/postgres/cluster";
import { SCALE_SERVER, seedScaleSchool } from "./scale-school";

/**
 * How long an upgrade keeps Auth and Storage waiting on hosted Supabase (docs/upgrades.md).
 *
 * Hosted projects run supautils with `policy_grants` (and `drop_trigger_grants`): every CREATE, ALTER
 * or DROP POLICY (and DROP TRIGGER) that `postgres` runs resolves the allow-listed tables of Auth and
 * Storage under an ACCESS EXCLUSIVE lock, held until the transaction ends (supautils'
 * src/policy_grants.c; `supabase db push` runs each migration file in one transaction). Plain
 * PostgreSQL has no supautils, so here an event trigger takes the same locks at the same commands.
 *
 * 1. Every migration, in order, as `postgres`, each file in one transaction, on an empty hosted-style
 *    cluster: its duration, its policy (and DROP TRIGGER) statements, the Auth and Storage locks it
 *    holds at commit, and the longest a read and a write of auth.users (what a sign-in does) waited
 *    meanwhile, asked every few milliseconds from other sessions.
 * 2. `--school`: kinds of change on the scale school (scripts/scale-school.ts: 10,000 students,
 *    2,000,000 progress rows), each in a transaction rolled back, alone and with one policy statement:
 *    how long they take and how long sign-in and the changed table wait.
 *
 * `npx tsx scripts/bench-migration-locks.ts [--school]`. A benchmark: it reports, it never fails.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
/** The tables of supautils.policy_grants for `postgres` on hosted that exist in local-backend/bootstrap.sql. */
const ALLOW_LISTED = ["auth.users", "auth.identities", "auth.sessions", "auth.refresh_tokens", "storage.buckets", "storage.objects"];

const EMULATION = `
create schema bench_locks;
create function bench_locks.take() returns event_trigger language plpgsql security definer set search_path = pg_catalog as $$
begin
  if session_user <> 'postgres' then return; end if;
  lock table ${ALLOW_LISTED.join(", ")} in access exclusive mode;
  if coalesce(current_setting('bench_locks.since', true), '') = '' then
    perform set_config('bench_locks.since', clock_timestamp()::text, true);
  end if;
  perform set_config('bench_locks.statements', (coalesce(nullif(current_setting('bench_locks.statements', true), ''), '0')::int + 1)::text, true);
end
$$;
create event trigger bench_locks on ddl_command_start
  when tag in ('CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'DROP TRIGGER') execute function bench_locks.take();
`;

/** A session that runs one statement every few milliseconds and keeps how long each took. */
function probe(client: Client, sql: string) {
  const calls: { at: number; ms: number }[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const at = performance.now();
      await client.query(sql);
      calls.push({ at, ms: performance.now() - at });
      await sleep(5);
    }
  })();
  return {
    /** The longest call that started in [from, to), or was still waiting at `from`. */
    longest(from: number, to: number) {
      return Math.max(0, ...calls.filter((call) => call.at < to && call.at + call.ms > from).map((call) => call.ms));
    },
    async stop() {
      running = false;
      await loop;
    },
  };
}

interface Probes {
  [name: string]: ReturnType<typeof probe>;
}

async function startProbes(database: HostedDatabase, statements: Record<string, string>): Promise<{ probes: Probes; clients: Client[] }> {
  const clients: Client[] = [];
  const probes: Probes = {};
  for (const [name, sql] of Object.entries(statements)) {
    const client = await database.connect("supabase_admin");
    clients.push(client);
    probes[name] = probe(client, sql);
  }
  return { probes, clients };
}

async function stopProbes({ probes, clients }: { probes: Probes; clients: Client[] }) {
  await Promise.all(Object.values(probes).map((p) => p.stop()));
  await Promise.all(clients.map((client) => client.end()));
}

const AUTH_PROBES = {
  "auth.users read": "select count(*) from auth.users",
  // A sign-in updates auth.users (last_sign_in_at): the table's ROW EXCLUSIVE lock, no row needed.
  "auth.users write": "update auth.users set last_sign_in_at = last_sign_in_at where false",
};

const ms = (value: number) => (value < 10 ? value.toFixed(1) : value.toFixed(0));

/** The Auth and Storage locks this session holds, e.g. "auth.users AccessExclusive". */
async function authLocks(client: Client) {
  const { rows } = await client.query<{ lock: string }>(
    `select format('%s %s', relation::regclass, replace(mode, 'Lock', '')) as lock from pg_locks
     where pid = pg_backend_pid() and locktype = 'relation' and relation in (select oid from pg_class where relnamespace in ('auth'::regnamespace, 'storage'::regnamespace))
     order by 1`,
  );
  return rows.map((row) => row.lock);
}

async function migrations() {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error("no PostgreSQL server (Debian: apt-get install postgresql)");
  const database = await startHostedCluster(binDir);
  try {
    await migrationsOn(database);
  } finally {
    database.cluster.stop();
  }
}

async function migrationsOn(database: HostedDatabase) {
  const superuser = await database.connect("supabase_admin");
  await superuser.query(EMULATION);
  const owner = await database.connect("postgres");
  const running = await startProbes(database, AUTH_PROBES);
  const files = (await readdir(path.join(ROOT, "supabase/migrations"))).filter((name) => name.endsWith(".sql")).sort();
  console.log("\nEach migration as `postgres` in one transaction, on an empty hosted-style cluster (ms)\n");
  console.log(["file".padEnd(58), "total".padStart(6), "policy".padStart(7), "locked".padStart(7), "read".padStart(6), "write".padStart(6), "  Auth/Storage locks at commit, besides supautils'"].join(""));
  const rows: { file: string; total: number; statements: number; locked: number }[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(ROOT, "supabase/migrations", file), "utf8");
    const started = performance.now();
    await owner.query("begin");
    await owner.query(sql);
    const {
      rows: [state],
    } = await owner.query<{ since: string | null; statements: string | null; held_ms: number | null }>(
      `select nullif(current_setting('bench_locks.since', true), '') as since, nullif(current_setting('bench_locks.statements', true), '') as statements,
        (extract(epoch from clock_timestamp() - nullif(current_setting('bench_locks.since', true), '')::timestamptz) * 1000)::float8 as held_ms`,
    );
    const locks = state.statements ? [] : await authLocks(owner);
    const commitStarted = performance.now();
    await owner.query("commit");
    const ended = performance.now();
    const statements = Number(state.statements ?? 0);
    const locked = state.held_ms === null ? 0 : state.held_ms + (ended - commitStarted);
    await sleep(20); // the probes' calls that waited for this commit return before the next file starts
    rows.push({ file, total: ended - started, statements, locked });
    console.log(
      [
        file.padEnd(58),
        ms(ended - started).padStart(6),
        String(statements).padStart(7),
        ms(locked).padStart(7),
        ms(running.probes["auth.users read"].longest(started, ended)).padStart(6),
        ms(running.probes["auth.users write"].longest(started, ended)).padStart(6),
        `  ${locks.join(", ")}`,
      ].join(""),
    );
  }
  const withPolicies = rows.filter((row) => row.statements > 0);
  console.log(
    `\n${files.length} files in ${ms(rows.reduce((sum, row) => sum + row.total, 0))} ms; ${withPolicies.length} with policy statements ` +
      `(${withPolicies.reduce((sum, row) => sum + row.statements, 0)} in all), locking Auth and Storage ${ms(withPolicies.reduce((sum, row) => sum + row.locked, 0))} ms in all.`,
  );
  await stopProbes(running);
  await owner.end();
  await superuser.end();
}

const POLICY = `create policy "bench: nobody" on public.lesson_progress for select to authenticated using (false)`;

/** Kinds of change, each in one transaction, on the 2,000,000 rows of lesson_progress. */
const CHANGES: { label: string; statements: string[] }[] = [
  { label: "one policy statement", statements: [POLICY] },
  { label: "100 policy statements", statements: Array.from({ length: 100 }, (_, n) => POLICY.replace("nobody", `nobody ${n}`)) },
  { label: "create or replace a function", statements: ["create or replace function public.bench_answer() returns int language sql as 'select 42'"] },
  { label: "add a column (no default)", statements: ["alter table public.lesson_progress add column bench_note text"] },
  { label: "add a column, constant default", statements: ["alter table public.lesson_progress add column bench_seen boolean not null default false"] },
  { label: "add a column, volatile default (rewrite)", statements: ["alter table public.lesson_progress add column bench_id uuid not null default gen_random_uuid()"] },
  { label: "create an index", statements: ["create index bench_progress_opened on public.lesson_progress (last_opened_at)"] },
  { label: "new table referencing auth.users", statements: ["create table public.bench_notes (user_id uuid references auth.users on delete cascade, lesson_id uuid)"] },
  {
    label: "… and filled from lesson_progress",
    statements: [
      "create table public.bench_notes (user_id uuid references auth.users on delete cascade, lesson_id uuid)",
      "insert into public.bench_notes select user_id, lesson_id from public.lesson_progress",
    ],
  },
  {
    // What …2000 and …1300 did in the file that created their tables referencing auth.users.
    label: "new table referencing auth.users + activity rollup rebuilt",
    statements: ["create table public.bench_notes (user_id uuid references auth.users on delete cascade)", "select public.rebuild_student_activity()"],
  },
  { label: "backfill every row (triggers off)", statements: ["alter table public.lesson_progress disable trigger user", "update public.lesson_progress set completed_at = completed_at"] },
];

async function school() {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error("no PostgreSQL server (Debian: apt-get install postgresql)");
  const database = await startHostedDatabase(binDir, SCALE_SERVER);
  try {
    await schoolOn(database);
  } finally {
    database.cluster.stop();
  }
}

async function schoolOn(database: HostedDatabase) {
  const superuser = await database.connect("supabase_admin");
  await seedScaleSchool(superuser);
  await superuser.query(EMULATION);
  const owner = await database.connect("postgres");
  const running = await startProbes(database, {
    ...AUTH_PROBES,
    "table read": "select 1 from public.lesson_progress limit 1",
    "table write": "update public.lesson_progress set completed_at = completed_at where false",
  });
  console.log("\nKinds of change on lesson_progress (2,000,000 rows), each in one transaction as `postgres`, rolled back (ms)\n");
  console.log(["change".padEnd(60), "with".padEnd(14), "total".padStart(7), "auth read".padStart(10), "auth write".padStart(11), "table read".padStart(11), "table write".padStart(12)].join(""));
  for (const change of CHANGES) {
    const variants = change.label.includes("policy") ? [[]] : [[], [POLICY]];
    for (const extra of variants) {
      const started = performance.now();
      await owner.query("begin");
      for (const statement of [...extra, ...change.statements]) await owner.query(statement);
      await owner.query("rollback");
      const ended = performance.now();
      await sleep(50);
      const waited = (name: string) => ms(running.probes[name].longest(started, ended));
      console.log(
        [
          change.label.padEnd(60),
          (extra.length ? "+ 1 policy" : "alone").padEnd(14),
          ms(ended - started).padStart(7),
          waited("auth.users read").padStart(10),
          waited("auth.users write").padStart(11),
          waited("table read").padStart(11),
          waited("table write").padStart(12),
        ].join(""),
      );
      await sleep(200);
    }
  }
  // CREATE INDEX CONCURRENTLY cannot run in a transaction block, so not in a migration file either.
  try {
    await owner.query("begin");
    await owner.query("create index concurrently bench_progress_opened on public.lesson_progress (last_opened_at)");
  } catch (error) {
    console.log(`\ncreate index concurrently in a transaction: ${(error as Error).message}`);
  } finally {
    await owner.query("rollback");
  }
  const started = performance.now();
  await owner.query("create index concurrently bench_progress_opened on public.lesson_progress (last_opened_at)");
  const ended = performance.now();
  await sleep(50);
  console.log(
    `create index concurrently, on its own: ${ms(ended - started)} ms; longest wait: table read ${ms(running.probes["table read"].longest(started, ended))}, ` +
      `table write ${ms(running.probes["table write"].longest(started, ended))}, auth read ${ms(running.probes["auth.users read"].longest(started, ended))} ms`,
  );
  await owner.query("drop index concurrently public.bench_progress_opened");
  await stopProbes(running);
  await owner.end();
  await superuser.end();
}

await migrations();
if (process.argv.includes("--school")) await school();
