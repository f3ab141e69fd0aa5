import { createHash } from "node:crypto";
import { Client } from "pg";
import { postgresBinDir, startHostedDatabase } from "../tests/postgres/cluster";

/**
 * A school at the scale issue 31 names, made realistic as issue 44 asks, on a real PostgreSQL (the
 * throwaway cluster of tests/postgres, hosted-style roles, every migration and seed.sql), built with
 * set-based SQL: 10,000 students of every size (one in twenty in no group, the others in one to four
 * groups; personal records on 0–50 tools, 0–40 modules and 0–56 lessons), 100 groups with about
 * 7,400 dated grants (8 % of them hiding their item), 50 tools (half with two blocks), 40 course
 * modules, 500 lessons (ten drafts), stop-lessons in 42 of the tools and 32 of the modules (each
 * student passed those of their first 0–5 tools and 0–3 modules), about 730,000 personal access rows (5 % hiding their item),
 * 2,000,000 progress rows, homework attempts and 200,000 notifications. The benches of student
 * pages, admin reads and analytics share it.
 */

export const ADMIN = "a0000000-0000-4000-8000-000000000001";
export const CURATOR = "a0000000-0000-4000-8000-000000000003";

/** The seed's ids: md5 of a name and a number, as a uuid, as the SQL below makes them. */
export function seededId(kind: "student" | "group" | "tool" | "module" | "lesson", n: number) {
  const hex = createHash("md5").update(`${kind}${n}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Student n's groups: n % 100, and two more that differ from it for most students (30,001 in all). */
const SEED = `
set session_replication_role = replica; -- bulk rows without the per-row triggers (welcome mails, last activity)
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at)
select '00000000-0000-0000-0000-000000000000', md5('student' || n)::uuid, 'authenticated', 'authenticated',
  format('scale-%s@example.com', n), '', now()
from generate_series(1, 10000) n;
insert into public.profiles (id, email, full_name, role, last_activity_at)
select md5('student' || n)::uuid, format('scale-%s@example.com', n), format('Студент %s', n), 'student',
  now() - make_interval(hours => (n * 37) % 2000)
from generate_series(1, 10000) n;
insert into public.user_roles (user_id, role) select md5('student' || n)::uuid, 'student' from generate_series(1, 10000) n;

insert into public.groups (id, name) select md5('group' || g)::uuid, format('Масштаб %s', g) from generate_series(1, 100) g;
-- Students of every size: one in twenty in no group, the others in one to four groups.
insert into public.group_members (group_id, user_id)
select distinct md5('group' || (1 + g))::uuid, md5('student' || n)::uuid
from generate_series(1, 10000) n
cross join lateral (values (0, n % 100), (1, (n * 7 + 13) % 100), (2, (n * 31 + 57) % 100), (3, (n * 53 + 5) % 100)) m(k, g)
where n % 20 <> 0 and m.k <= (n * 17) % 4;
insert into public.group_curators (group_id, user_id) select md5('group' || g)::uuid, '${CURATOR}' from generate_series(1, 5) g;

insert into public.tech_tools (id, name, order_index) select md5('tool' || t)::uuid, format('Scale Tool %s', t), 100 + t from generate_series(1, 50) t;
insert into public.modules (id, tool_id, name, order_index)
select md5(format('block%s-%s', t, b))::uuid, md5('tool' || t)::uuid, format('Блок %s', b), b from generate_series(1, 25) t, generate_series(1, 2) b;
insert into public.course_modules (id, title, order_index) select md5('module' || c)::uuid, format('Масштабный модуль %s', c), 100 + c from generate_series(1, 40) c;
-- Lessons 1–300: six per tool (in two blocks for tools 1–25); 301–500: five per module; every 50th a draft.
insert into public.lessons (id, tool_id, module_id, course_module_id, title, order_index, is_published, description, video_url)
select md5('lesson' || n)::uuid,
  case when n <= 300 then md5('tool' || (1 + (n - 1) / 6))::uuid end,
  case when n <= 150 then md5(format('block%s-%s', 1 + (n - 1) / 6, 1 + ((n - 1) % 6) / 3))::uuid end,
  case when n > 300 then md5('module' || (1 + (n - 301) / 5))::uuid end,
  format('Урок %s', n), case when n <= 300 then 1 + (n - 1) % 6 else 1 + (n - 301) % 5 end, n % 50 <> 0,
  'Описание урока', 'https://www.youtube.com/embed/dQw4w9WgXcQ'
from generate_series(1, 500) n;

-- Each group: 40 tools and 30 modules open (some from a date still ahead, some expired), one lesson hidden
-- and four it shows but keeps closed.
insert into public.group_tool_access (group_id, tool_id, is_unlocked, is_visible, unlock_at, expires_at)
select md5('group' || g)::uuid, md5('tool' || t)::uuid, true, abs(hashtext(format('gt%s-%s', g, t))) % 100 >= 7,
  case when (t + g) % 7 = 0 then now() + interval '5 days' when (t + g) % 3 = 0 then now() - interval '10 days' end,
  case when (t + g) % 11 = 0 then now() - interval '1 day' when (t + g) % 13 = 0 then now() + interval '60 days' end
from generate_series(1, 100) g, generate_series(1, 50) t where (t + g) % 5 <> 0 and not ((t + g) % 7 = 0 and (t + g) % 11 = 0);
insert into public.group_module_access (group_id, module_id, is_unlocked, is_visible, unlock_at, expires_at)
select md5('group' || g)::uuid, md5('module' || c)::uuid, true, abs(hashtext(format('gm%s-%s', g, c))) % 100 >= 7,
  case when (c + g) % 7 = 0 then now() + interval '5 days' end,
  case when (c + g) % 11 = 0 then now() - interval '1 day' end
from generate_series(1, 100) g, generate_series(1, 40) c where (c + g) % 4 <> 0 and not ((c + g) % 7 = 0 and (c + g) % 11 = 0);
insert into public.group_lesson_access (group_id, lesson_id, is_unlocked, is_visible)
select md5('group' || g)::uuid, md5('lesson' || (1 + (g * 13 + k * 101) % 500))::uuid, false, k > 0
from generate_series(1, 100) g, generate_series(0, 4) k;

-- Personal records of every size, as «Открыть всё» and single switches leave them: student s has
-- records on the first (11 s mod 51) tools, the first (13 s mod 41) modules and (7 s mod 57) lessons;
-- one record in twenty hides its item (5 %, as real schools do).
insert into public.tool_access (user_id, tool_id, is_unlocked, is_visible)
select md5('student' || s)::uuid, md5('tool' || t)::uuid, (s + t) % 3 <> 0, abs(hashtext(format('t%s-%s', s, t))) % 20 <> 0
from generate_series(1, 10000) s cross join lateral generate_series(1, (s * 11) % 51) t;
insert into public.module_access (user_id, module_id, is_unlocked, is_visible)
select md5('student' || s)::uuid, md5('module' || c)::uuid, (s + c) % 4 <> 0, abs(hashtext(format('m%s-%s', s, c))) % 20 <> 0
from generate_series(1, 10000) s cross join lateral generate_series(1, (s * 13) % 41) c;
insert into public.lesson_access (user_id, lesson_id, is_unlocked, is_visible)
select distinct on (1, 2) md5('student' || s)::uuid, md5('lesson' || (1 + (s * 7 + k * 17) % 500))::uuid, k % 3 <> 0, abs(hashtext(format('l%s-%s', s, k))) % 20 <> 0
from generate_series(1, 10000) s cross join lateral generate_series(1, (s * 7) % 57) k;

-- 200 of the 500 lessons per student, opened over the last 180 days, 70 % of them passed.
insert into public.lesson_progress (user_id, lesson_id, last_opened_at, completed_at)
select md5('student' || s)::uuid, md5('lesson' || l)::uuid, opened,
  case when (s * 31 + l * 17) % 10 < 7 then opened + interval '20 minutes' end
from generate_series(1, 10000) s
cross join generate_series(1, 500) l
cross join lateral (select now() - make_interval(secs => ((s * 7919 + l * 104729) % 15552000))) o(opened)
where (l + s) % 5 < 2;

insert into public.assignments (id, lesson_id) select md5('task' || n)::uuid, md5('lesson' || n)::uuid from generate_series(10, 500, 10) n;
-- Stop-lessons in most tools and modules: the third lesson of 42 of the 50 tools (and the fifth of
-- every third tool), the second of 32 of the 40 course modules. Students are early in the course:
-- student s passed (an accepted work) the stop-lessons of the first s mod 6 tools and the first
-- s mod 4 course modules over the last three months, and is held after the first stop-lesson
-- everywhere else.
insert into public.assignments (id, lesson_id, is_stop_lesson)
select md5('stop' || n)::uuid, md5('lesson' || n)::uuid, true
from (
  select 6 * (t - 1) + 3 from generate_series(1, 50) t where t % 6 <> 0
  union all select 6 * t - 1 from generate_series(1, 50) t where t % 3 = 0
  union all select 300 + 5 * (c - 1) + 2 from generate_series(1, 40) c where c % 5 <> 0
) stops(n);
insert into public.submissions (assignment_id, user_id, attempt, status, submitted_at, reviewed_at, reviewer_id)
select a.id, md5('student' || s)::uuid, 1, 'accepted', at, at + interval '1 day', '${CURATOR}'
from public.assignments a
join public.lessons l on l.id = a.lesson_id
left join public.tech_tools t on t.id = l.tool_id
left join public.course_modules c on c.id = l.course_module_id
cross join generate_series(1, 10000) s
cross join lateral (select now() - make_interval(days => 2 + (s + coalesce(t.order_index, c.order_index) * 7) % 88)) w(at)
where a.is_stop_lesson and (t.order_index - 100 <= s % 6 or c.order_index - 100 <= s % 4);
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

-- Twenty notifications per student over two months, the older ones read.
insert into public.notifications (user_id, kind, payload, created_at, read_at)
select md5('student' || s)::uuid, 'access_opened', jsonb_build_object('kind', 'tool', 'item_id', md5('tool' || (1 + k))::uuid, 'title', format('Scale Tool %s', 1 + k)),
  now() - make_interval(hours => k * 72 + s % 72), case when k > 2 then now() - make_interval(hours => k * 70) end
from generate_series(1, 10000) s, generate_series(0, 19) k;
set session_replication_role = origin;
select public.rebuild_student_activity(); -- the rollup the triggers would have written (migration 2000)
-- The mark the trigger would have set (migration 7000): an attempt handed in again is not its work's latest.
update public.submissions s set superseded = true
where exists (select 1 from public.submissions n where n.assignment_id = s.assignment_id and n.user_id = s.user_id and n.attempt > s.attempt);
`;

const EXPLAINING = `load 'auto_explain';
  set local auto_explain.log_min_duration = 1; set local auto_explain.log_analyze = on; set local auto_explain.log_buffers = on;
  set local auto_explain.log_nested_statements = on; set local auto_explain.log_level = notice; set local auto_explain.log_timing = on`;

export interface ScaleSchool {
  /** The cluster's superuser (supabase_admin), for seeding, plans and as the caller's connection. */
  superuser: Client;
  /** What the server said (RAISE NOTICE, auto_explain) on the superuser's connection. */
  notices: string[];
  /** Runs one statement as PostgREST would for the caller (authenticated, with claims), rolled back. */
  asCaller(sql: string, args: unknown[], caller: string): Promise<{ ms: number; value: Record<string, unknown> }>;
  /**
   * The same on a connection opened for this call alone, as PostgREST's pool opens one after recycling
   * an idle one (as authenticator, with its session settings): what the first call of a connection
   * costs, its plans and the catalog caches still empty.
   */
  onFreshConnection(sql: string, args: unknown[], caller: string): Promise<{ ms: number }>;
  /** The plans of a call and its nested statements over 1 ms (auto_explain: actual rows, times, buffers). */
  plansOf(sql: string, args: unknown[], caller: string): Promise<string[]>;
  psql: string;
  /** The cluster as a connection string (for `npm run bench -- scale --url …` on a kept cluster). */
  url: string;
  stop(): Promise<void>;
}

/**
 * Adds the scale school's rows (SEED) to a database already migrated and seeded with seed.sql, as
 * its superuser (bulk rows skip the per-row triggers), then analyzes it and logs the counts.
 */
export async function seedScaleSchool(superuser: Client, log: (line: string) => void = console.log) {
  log("scale school: seeding 10,000 students of every size, 500 lessons with stop-lessons, 0.73 M access rows, 2 M progress rows on PostgreSQL…");
  const started = performance.now();
  await superuser.query(SEED);
  await superuser.query("vacuum analyze");
  // The seed's 1.4 GB written out now, not by the checkpointer while the first benches measure.
  await superuser.query("checkpoint");
  const { rows } = await superuser.query(`
    select (select count(*) from public.group_members)::int as memberships,
      (select count(*) from public.group_tool_access)::int + (select count(*) from public.group_module_access)::int + (select count(*) from public.group_lesson_access)::int as grants,
      (select count(*) from public.tool_access)::int + (select count(*) from public.module_access)::int + (select count(*) from public.lesson_access)::int as personal,
      (select count(*) from public.lesson_progress)::int as progress, (select count(*) from public.submissions)::int as submissions,
      (select count(*) from public.notifications)::int as notifications,
      (select count(*) from public.assignments where is_stop_lesson)::int as "stop-lessons",
      (select round(100.0 * avg((not is_visible)::int), 1) from (select is_visible from public.tool_access union all select is_visible from public.module_access union all select is_visible from public.lesson_access) p)::float as "% of personal records hiding",
      (select round(100.0 * avg((not is_visible)::int), 1) from (select is_visible from public.group_tool_access union all select is_visible from public.group_module_access union all select is_visible from public.group_lesson_access) g)::float as "% of group grants hiding"`);
  const figures = Object.entries(rows[0]).map(([name, count]) => `${Number(count).toLocaleString("en")} ${name}`);
  log(`scale school seeded in ${((performance.now() - started) / 1000).toFixed(0)} s: ${figures.join(", ")}`);
}

/**
 * The server a school of this size would run on: hosted Supabase's collation, and shared buffers that
 * hold the school's 1.4 GB (a hosted instance gives a quarter of its memory, 1 GB on a 4 GB one),
 * rather than PostgreSQL's 128 MB default, which would measure copies from the OS cache.
 */
export const SCALE_SERVER = { locale: "C.UTF-8", settings: { shared_buffers: "1GB" } };

export async function startScaleSchool(log: (line: string) => void = console.log): Promise<ScaleSchool | null> {
  const binDir = postgresBinDir();
  if (!binDir) return null;
  const { cluster, connect } = await startHostedDatabase(binDir, SCALE_SERVER);
  const superuser = await connect("supabase_admin");
  await seedScaleSchool(superuser, log);
  return scaleSchoolOn(superuser, (user) => connect(user), cluster.url, () => cluster.stop());
}

/** A scale school already seeded and kept running (`--keep`), reached by its connection string. */
export async function attachScaleSchool(url: string): Promise<ScaleSchool> {
  const connect = async (user: string) => {
    const address = new URL(url);
    address.username = user;
    const client = new Client({ connectionString: address.toString() });
    await client.connect();
    return client;
  };
  return scaleSchoolOn(await connect("supabase_admin"), connect, url, () => {});
}

async function scaleSchoolOn(superuser: Client, connect: (user: string) => Promise<Client>, url: string, stopCluster: () => void): Promise<ScaleSchool> {
  const notices: string[] = [];
  superuser.on("notice", (notice) => notices.push(notice.message ?? ""));
  const callAs = async (connection: Client, sql: string, args: unknown[], caller: string, setup?: string) => {
    await connection.query("begin");
    try {
      if (setup) await connection.query(setup);
      await connection.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: "authenticated", aud: "authenticated", sub: caller })]);
      await connection.query("set local role authenticated");
      const callStarted = performance.now();
      const { rows: answer } = await connection.query(sql, args);
      return { ms: performance.now() - callStarted, value: answer[0] };
    } finally {
      await connection.query("rollback");
    }
  };
  return {
    superuser,
    notices,
    url,
    psql: `psql "${url}"`,
    asCaller: (sql, args, caller) => callAs(superuser, sql, args, caller),
    async onFreshConnection(sql, args, caller) {
      const connection = await connect("authenticator");
      try {
        return await callAs(connection, sql, args, caller);
      } finally {
        await connection.end();
      }
    },
    async plansOf(sql, args, caller) {
      notices.length = 0;
      await callAs(superuser, sql, args, caller, EXPLAINING);
      return notices.filter((notice) => notice.includes("Query Text"));
    },
    async stop() {
      await superuser.end();
      stopCluster();
    },
  };
}

export const percentile = (sorted: number[], share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

/** p50 and p95 of a call over `runs` calls after one warm-up. */
export async function timeCalls(runs: number, call: () => Promise<{ ms: number }>) {
  await call();
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push((await call()).ms);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
