import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "pg";
import { postgresBinDir, startCluster } from "../tests/postgres/cluster";

/**
 * The analytics functions at a school's scale on a real PostgreSQL (the cluster of tests/postgres,
 * hosted-style roles): 10,000 students in 100 groups (a tenth in two), 500 lessons (a few drafts,
 * a few hidden by groups), 2,000,000 progress rows over half a year, 100,000 homework attempts.
 * Each function runs as PostgREST runs it (authenticated, with the claims): p50 and p95 per function
 * and view, the plan of the slowest (auto_explain, actual rows and times), and what the activity
 * rollup's trigger adds to record_lesson_opened. `npx tsx scripts/bench-analytics.ts` runs this part
 * alone (`--no-plans` skips the plan, `--keep` leaves the seeded cluster running for psql);
 * `npm run bench` runs it last.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
const ADMIN = "a0000000-0000-4000-8000-000000000001";
const CURATOR = "a0000000-0000-4000-8000-000000000003";
const TARGET_MS = 200;

const SEED = `
set session_replication_role = replica; -- bulk rows without the per-row triggers (welcome mails, last activity)
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at)
select '00000000-0000-0000-0000-000000000000', md5('student' || n)::uuid, 'authenticated', 'authenticated',
  format('scale-%s@example.com', n), '', now()
from generate_series(1, 10000) n;
insert into public.profiles (id, email, full_name, role)
select md5('student' || n)::uuid, format('scale-%s@example.com', n), format('Студент %s', n), 'student' from generate_series(1, 10000) n;
insert into public.user_roles (user_id, role) select md5('student' || n)::uuid, 'student' from generate_series(1, 10000) n;

insert into public.groups (id, name) select md5('group' || g)::uuid, format('Масштаб %s', g) from generate_series(1, 100) g;
insert into public.group_members (group_id, user_id)
select md5('group' || (1 + n % 100))::uuid, md5('student' || n)::uuid from generate_series(1, 10000) n
union all
select md5('group' || (1 + (n / 7) % 100))::uuid, md5('student' || n)::uuid from generate_series(1, 10000) n
where n % 10 = 0 and (n / 7) % 100 <> n % 100;
insert into public.group_curators (group_id, user_id) select md5('group' || g)::uuid, '${CURATOR}' from generate_series(1, 5) g;

insert into public.tech_tools (id, name, order_index) select md5('tool' || t)::uuid, format('Scale Tool %s', t), 100 + t from generate_series(1, 20) t;
insert into public.course_modules (id, title, order_index) select md5('module' || c)::uuid, format('Масштабный модуль %s', c), 100 + c from generate_series(1, 5) c;
insert into public.lessons (id, tool_id, course_module_id, title, order_index, is_published)
select md5('lesson' || n)::uuid,
  case when n <= 400 then md5('tool' || (1 + (n - 1) / 20))::uuid end,
  case when n > 400 then md5('module' || (1 + (n - 401) / 20))::uuid end,
  format('Урок %s', n), 1 + (n - 1) % 20, n % 50 <> 0
from generate_series(1, 500) n;
insert into public.group_tool_access (group_id, tool_id, is_unlocked)
select md5('group' || g)::uuid, md5('tool' || t)::uuid, true from generate_series(1, 100) g, generate_series(1, 20) t;
insert into public.group_module_access (group_id, module_id, is_unlocked)
select md5('group' || g)::uuid, md5('module' || c)::uuid, true from generate_series(1, 100) g, generate_series(1, 5) c;
insert into public.group_lesson_access (group_id, lesson_id, is_unlocked, is_visible)
select md5('group' || g)::uuid, md5('lesson' || (1 + (g * 13) % 500))::uuid, false, false from generate_series(1, 100) g;

-- 200 of the 500 lessons per student, opened over the last 180 days, 70 % of them passed.
insert into public.lesson_progress (user_id, lesson_id, last_opened_at, completed_at)
select md5('student' || s)::uuid, md5('lesson' || l)::uuid, opened,
  case when (s * 31 + l * 17) % 10 < 7 then opened + interval '20 minutes' end
from generate_series(1, 10000) s
cross join generate_series(1, 500) l
cross join lateral (select now() - make_interval(secs => ((s * 7919 + l * 104729) % 15552000))) o(opened)
where (l + s) % 5 < 2;

insert into public.assignments (id, lesson_id) select md5('task' || n)::uuid, md5('lesson' || n)::uuid from generate_series(10, 500, 10) n;
-- Ten works per student: accepted, returned (and handed in again) or waiting.
insert into public.submissions (assignment_id, user_id, attempt, status, submitted_at, reviewed_at, reviewer_id)
select md5('task' || (10 * (1 + (s + k * 5) % 50)))::uuid, md5('student' || s)::uuid, 1,
  (case when (s + k) % 20 < 12 then 'accepted' when (s + k) % 20 < 17 then 'returned' else 'submitted' end)::public.submission_status,
  at, case when (s + k) % 20 < 17 then at + make_interval(mins => 30 + (s * k) % 2000) end,
  case when (s + k) % 20 < 17 then (case when k % 2 = 0 then '${CURATOR}' else '${ADMIN}' end)::uuid end
from generate_series(1, 10000) s cross join generate_series(0, 9) k
cross join lateral (select now() - make_interval(secs => ((s * 65537 + k * 8191) % 7776000))) t(at);
insert into public.submissions (assignment_id, user_id, attempt, status, submitted_at)
select assignment_id, user_id, 2, 'submitted', reviewed_at + interval '1 day' from public.submissions where status = 'returned' and reviewed_at < now() - interval '1 day';
set session_replication_role = origin;
select public.rebuild_student_activity(); -- the rollup the triggers would have written (migration 2000)
`;

const CALLS: [string, string, unknown[]][] = [
  ["analytics_activity", "select public.analytics_activity($1, $2)", [null, null]],
  ["analytics_funnel", "select public.analytics_funnel(null, $1, $2)", [null, null]],
  ["analytics_homework", "select public.analytics_homework($1, $2)", [null, null]],
  ["analytics_at_risk", "select public.analytics_at_risk($1, $2)", [null, null]],
];

/** 10,000 openings by 10,000 students in one transaction (rolled back), timed in the server. */
const OPENINGS = `
do $$
declare started timestamptz := clock_timestamp();
begin
  for n in 1..10000 loop
    perform set_config('request.jwt.claims', json_build_object('sub', md5('student' || n), 'role', 'authenticated')::text, true);
    perform public.record_lesson_opened(md5('lesson' || (1 + (n * 7 + 3) % 500))::uuid);
  end loop;
  raise notice 'openings took %', extract(epoch from clock_timestamp() - started) * 1000;
end $$`;

const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

export async function benchAnalytics({ runs = 20, plans = true, keep = false } = {}) {
  const binDir = postgresBinDir();
  if (!binDir) {
    console.log("\nanalytics at scale: skipped (no PostgreSQL server installed)");
    return null;
  }
  const cluster = startCluster(binDir);
  const connect = async (user: string) => {
    const client = new Client({ host: cluster.host, port: cluster.port, user, database: "postgres" });
    await client.connect();
    return client;
  };
  const superuser = await connect("supabase_admin");
  try {
    await superuser.query(await readFile(path.join(ROOT, "tests/postgres/hosted-roles.sql"), "utf8"));
    await superuser.query(await readFile(path.join(ROOT, "local-backend/bootstrap.sql"), "utf8"));
    const owner = await connect("postgres");
    const migrations = (await readdir(path.join(ROOT, "supabase/migrations"))).filter((name) => name.endsWith(".sql")).sort();
    for (const name of [...migrations.map((file) => `supabase/migrations/${file}`), "supabase/seed.sql"]) await owner.query(await readFile(path.join(ROOT, name), "utf8"));
    await owner.end();
    console.log("\nanalytics at scale: seeding 10,000 students, 500 lessons, 2,000,000 progress rows on PostgreSQL…");
    const seeded = performance.now();
    await superuser.query(SEED);
    await superuser.query("vacuum analyze");
    const { rows: counts } = await superuser.query(
      `select (select count(*) from public.lesson_progress)::int as progress, (select count(*) from public.submissions)::int as submissions,
        (select count(*) from public.student_activity_lessons)::int as rollup`,
    );
    console.log(
      `seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s: ${counts[0].progress.toLocaleString("en")} progress rows, ${counts[0].submissions.toLocaleString("en")} attempts, ${counts[0].rollup.toLocaleString("en")} rollup rows`,
    );
    if (keep) {
      console.log(`kept: psql -h ${cluster.host} -p ${cluster.port} -U supabase_admin postgres (Ctrl-C ends it)`);
      await new Promise((resolve) => process.once("SIGINT", resolve));
      return null;
    }

    const notices: string[] = [];
    superuser.on("notice", (notice) => notices.push(notice.message ?? ""));
    // As PostgREST: the claims and the role set for one transaction. auto_explain reports the plans.
    const timed = async (sql: string, args: unknown[], caller: string, explain: boolean) => {
      await superuser.query("begin");
      try {
        if (explain) {
          await superuser.query(`load 'auto_explain'`);
          await superuser.query(
            `set local auto_explain.log_min_duration = 5; set local auto_explain.log_analyze = on; set local auto_explain.log_buffers = on; set local auto_explain.log_nested_statements = on; set local auto_explain.log_level = notice; set local auto_explain.log_timing = on`,
          );
        }
        await superuser.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: "authenticated", aud: "authenticated", sub: caller })]);
        await superuser.query("set local role authenticated");
        const started = performance.now();
        const { rows } = await superuser.query(sql, args);
        return { ms: performance.now() - started, value: rows[0] };
      } finally {
        await superuser.query("rollback");
      }
    };
    const scopes: [string, string, (args: unknown[]) => unknown[]][] = [
      ["admin, all 10,000 students", ADMIN, (args) => args],
      ["admin, one group", ADMIN, (args) => [md5Group(1), ...args.slice(1)]],
      ["curator of 5 groups", CURATOR, (args) => args],
      ["admin, all, tech track", ADMIN, (args) => [args[0], "tech"]],
    ];
    const results: { name: string; scope: string; sql: string; args: unknown[]; caller: string; p50: number; p95: number }[] = [];
    for (const [name, sql, args] of CALLS) {
      for (const [scope, caller, scoped] of scopes) {
        await timed(sql, scoped(args), caller, false);
        const times: number[] = [];
        for (let run = 0; run < runs; run++) times.push((await timed(sql, scoped(args), caller, false)).ms);
        times.sort((a, b) => a - b);
        const [p50, p95] = [percentile(times, 0.5), percentile(times, 0.95)];
        results.push({ name, scope, sql, args: scoped(args), caller, p50, p95 });
        console.log(`${name.padEnd(20)} ${scope.padEnd(28)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms ${p95 < TARGET_MS ? "" : "(over 200 ms)"}`);
      }
    }
    const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    if (plans) {
      notices.length = 0;
      await timed(worst.sql, worst.args, worst.caller, true);
      console.log(`\nplan of the slowest, ${worst.name} (${worst.scope}); nested statements over 5 ms:`);
      for (const plan of notices.filter((notice) => notice.includes("Query Text"))) console.log(plan.split("\n").map((line) => `    ${line}`).join("\n"));
    }

    // The rollup's trigger on the hot write path: the same openings with it and without it.
    // Twice in one transaction: the first round opens each lesson for the first time today, the second again.
    const perCall = async (withTrigger: boolean) => {
      await superuser.query("begin");
      try {
        if (!withTrigger) await superuser.query("alter table public.lesson_progress disable trigger lesson_progress_note_activity");
        notices.length = 0;
        await superuser.query(OPENINGS);
        const first = Number(notices.at(-1)?.split(" ").at(-1));
        await superuser.query(OPENINGS);
        const again = Number(notices.at(-1)?.split(" ").at(-1));
        return { first: (first * 1000) / 10000, again: (again * 1000) / 10000 };
      } finally {
        await superuser.query("rollback");
      }
    };
    const without = await perCall(false);
    const withRollup = await perCall(true);
    console.log(
      `\nrecord_lesson_opened, 10,000 calls: first opening today ${without.first.toFixed(1)} µs → ${withRollup.first.toFixed(1)} µs with the rollup trigger; ` +
        `the same lesson again ${without.again.toFixed(1)} µs → ${withRollup.again.toFixed(1)} µs`,
    );
    console.log(`slowest analytics function: ${worst.name} (${worst.scope}) p95 ${worst.p95.toFixed(0)} ms; target < ${TARGET_MS} ms: ${worst.p95 < TARGET_MS ? "met" : "NOT met"}`);
    return results;
  } finally {
    await superuser.end();
    cluster.stop();
  }
}

/** The seed's group ids: md5 of «groupN» as a uuid, as the SQL above makes them. */
function md5Group(n: number) {
  const hex = createHash("md5").update(`group${n}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchAnalytics({ plans: !process.argv.includes("--no-plans"), keep: process.argv.includes("--keep") });
}
