import { pathToFileURL } from "node:url";
import { benchAnalytics } from "./bench-analytics";
import { benchReviewTabs } from "./bench-review-tabs";
import { ADMIN, attachScaleSchool, percentile, seededId, startScaleSchool, timeCalls, type ScaleSchool } from "./scale-school";

/**
 * Every database call of a signed-in page on the scale school (scripts/scale-school.ts), as PostgREST
 * makes it (a transaction, `set local role authenticated`, the JWT claims, row level security on):
 * every student page function for the median and the heaviest student (by the count of records
 * deciding their access; dashboard_page timed across the sizes), p50 and p95 over many calls on one warm
 * connection and the first call on a fresh connection (PostgREST recycles idle connections, and
 * plans and catalog caches are per connection), against the targets of issue 44 (median student
 * ≤ 5 ms p95, heaviest ≤ 15 ms, first call ≤ 15 ms); then the bell, the admin's reads (≤ 50 ms) and
 * the analytics functions (≤ 200 ms). The slowest call of each kind is shown with its plan.
 * `npm run bench -- scale` runs this alone; `--keep` leaves the seeded cluster running for psql and
 * prints its address, `--url <address>` measures such a kept cluster again (after a migration applied
 * by hand), `--students` stops after the student pages.
 */

/** The student of the bell and the admin's one-student reads: in groups 2 and 21. */
const STUDENT = seededId("student", 1);
const MEDIAN_TARGET_MS = 5;
const HEAVIEST_TARGET_MS = 15;
const FRESH_TARGET_MS = 15;
const ADMIN_TARGET_MS = 50;
const FRESH_RUNS = 5;

interface Call {
  name: string;
  sql: string;
  args: unknown[];
  caller: string;
}

/**
 * Every student page function (supabase/schema/content.sql), for one student: tool 1 and module 1
 * have a stop-lesson and the lessons asked come after it; tool 50 has one too, module 40 none.
 */
const studentCalls = (student: string): Call[] => [
  { name: "dashboard_page", sql: "select public.dashboard_page()", args: [], caller: student },
  { name: "homework_summary", sql: "select public.homework_summary()", args: [], caller: student },
  { name: "course_modules_page", sql: "select public.course_modules_page()", args: [], caller: student },
  { name: "tools_page", sql: "select public.tools_page()", args: [], caller: student },
  ...[1, 50].map((tool) => ({ name: `tool_page (tool ${tool})`, sql: "select public.tool_page($1)", args: [`Scale Tool ${tool}`], caller: student })),
  ...[
    [1, 5],
    [50, 299],
  ].map(([tool, lesson]) => ({
    name: `lesson_page (tool ${tool})`,
    sql: "select public.lesson_page($1, $2)",
    args: [`Scale Tool ${tool}`, seededId("lesson", lesson)],
    caller: student,
  })),
  ...[1, 40].map((module) => ({ name: `course_module_page (module ${module})`, sql: "select public.course_module_page($1)", args: [seededId("module", module)], caller: student })),
  ...[
    [1, 304],
    [40, 498],
  ].map(([module, lesson]) => ({
    name: `course_lesson_page (module ${module})`,
    sql: "select public.course_lesson_page($1, $2)",
    args: [seededId("module", module), seededId("lesson", lesson)],
    caller: student,
  })),
];

/**
 * The median and the heaviest student by size, the count of records deciding their access (personal,
 * and their groups' grants): the student at the middle of the school and the one with the most. The
 * size is what a student page grows with, and a size keeps the same two students from run to run, so
 * a before and an after compare the same calls. Students spread over the sizes (every 5 %, and the
 * five largest) are timed on dashboard_page, the page that grew most with size, to show the spread.
 */
async function pickStudents(school: ScaleSchool) {
  const { rows } = await school.superuser.query<{ id: string; n: number; records: number }>(`
    with sized as (
      select s.n, md5('student' || s.n)::uuid as id,
        (select count(*) from public.tool_access a where a.user_id = md5('student' || s.n)::uuid)
        + (select count(*) from public.module_access a where a.user_id = md5('student' || s.n)::uuid)
        + (select count(*) from public.lesson_access a where a.user_id = md5('student' || s.n)::uuid)
        + (select count(*) from public.group_members m
           join lateral (select 1 from public.group_tool_access g where g.group_id = m.group_id
             union all select 1 from public.group_module_access g where g.group_id = m.group_id
             union all select 1 from public.group_lesson_access g where g.group_id = m.group_id) g on true
           where m.user_id = md5('student' || s.n)::uuid) as records
      from generate_series(1, 10000) s(n)
    ),
    ranked as (select *, row_number() over (order by records, n) as place from sized)
    select id::text, n, records::int from ranked where place % 500 = 0 or place > 9995 order by records, n`);
  const timed = [];
  for (const student of rows) {
    const { p50 } = await timeCalls(5, () => school.asCaller("select public.dashboard_page()", [], student.id));
    timed.push({ ...student, p50 });
  }
  // place % 500 = 0 gives places 500 … 10,000: the tenth of the twenty is the 5,000th, the median.
  const median = rows[9];
  const heaviest = rows[rows.length - 1];
  const bySpeed = [...timed].sort((a, b) => a.p50 - b.p50);
  console.log(
    `\ndashboard_page p50 across ${timed.length} students of every size (${rows[0].records}–${heaviest.records} records deciding their access): ` +
      `fastest ${bySpeed[0].p50.toFixed(1)} ms (${bySpeed[0].records} records), median ${bySpeed[bySpeed.length >> 1].p50.toFixed(1)} ms, ` +
      `slowest ${bySpeed[bySpeed.length - 1].p50.toFixed(1)} ms (${bySpeed[bySpeed.length - 1].records} records)`,
  );
  return { median, heaviest };
}

/** p50 and max of the first call on FRESH_RUNS fresh connections. */
async function firstCalls(school: ScaleSchool, call: Call) {
  const times: number[] = [];
  for (let run = 0; run < FRESH_RUNS; run++) times.push((await school.onFreshConnection(call.sql, call.args, call.caller)).ms);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), max: times[times.length - 1] };
}

async function measureStudents(school: ScaleSchool, runs: number) {
  const { median, heaviest } = await pickStudents(school);
  console.log(
    `\nstudent pages: the median student (${median.n}, ${median.records} records) and the heaviest (${heaviest.n}, ${heaviest.records} records), ` +
      `p50 / p95 in ms over ${runs} calls; first call on a fresh connection, p50 / max of ${FRESH_RUNS}`,
  );
  const ms = (value: number) => value.toFixed(1).padStart(5);
  const mark = (value: number, target: number) => (value <= target ? " " : "!");
  console.log(
    `  ${"function".padEnd(32)} ${`median (p95 ≤ ${MEDIAN_TARGET_MS})`.padEnd(19)} ${`heaviest (p95 ≤ ${HEAVIEST_TARGET_MS})`.padEnd(21)} ${`fresh, median (≤ ${FRESH_TARGET_MS})`.padEnd(23)} fresh, heaviest (≤ ${FRESH_TARGET_MS})`,
  );
  const results = [];
  const medianCalls = studentCalls(median.id);
  const heaviestCalls = studentCalls(heaviest.id);
  for (const [index, call] of medianCalls.entries()) {
    const heavy = heaviestCalls[index];
    const warm = await timeCalls(runs, () => school.asCaller(call.sql, call.args, call.caller));
    const warmHeavy = await timeCalls(runs, () => school.asCaller(heavy.sql, heavy.args, heavy.caller));
    const fresh = await firstCalls(school, call);
    const freshHeavy = await firstCalls(school, heavy);
    results.push({ call, heavy, warm, warmHeavy, fresh, freshHeavy });
    console.log(
      `  ${call.name.padEnd(32)} ${ms(warm.p50)} / ${ms(warm.p95)}${mark(warm.p95, MEDIAN_TARGET_MS)}      ${ms(warmHeavy.p50)} / ${ms(warmHeavy.p95)}${mark(warmHeavy.p95, HEAVIEST_TARGET_MS)}        ` +
        `${ms(fresh.p50)} / ${ms(fresh.max)}${mark(fresh.max, FRESH_TARGET_MS)}          ${ms(freshHeavy.p50)} / ${ms(freshHeavy.max)}${mark(freshHeavy.max, FRESH_TARGET_MS)}`,
    );
  }
  const over = results.flatMap((r) => [
    ...(r.warm.p95 > MEDIAN_TARGET_MS ? [`${r.call.name} (median, p95 ${r.warm.p95.toFixed(1)})`] : []),
    ...(r.warmHeavy.p95 > HEAVIEST_TARGET_MS ? [`${r.call.name} (heaviest, p95 ${r.warmHeavy.p95.toFixed(1)})`] : []),
    ...(Math.max(r.fresh.max, r.freshHeavy.max) > FRESH_TARGET_MS ? [`${r.call.name} (fresh, ${Math.max(r.fresh.max, r.freshHeavy.max).toFixed(1)})`] : []),
  ]);
  console.log(`  over target (marked !): ${over.length === 0 ? "none" : over.join(", ")}`);
  const worst = results.reduce((a, b) => (b.warmHeavy.p95 > a.warmHeavy.p95 ? b : a));
  console.log(`  slowest for the heaviest student: ${worst.heavy.name}, p95 ${worst.warmHeavy.p95.toFixed(1)} ms; its plan (statements over 1 ms):`);
  for (const plan of await school.plansOf(worst.heavy.sql, worst.heavy.args, worst.heavy.caller)) console.log(plan.split("\n").map((line) => `    ${line}`).join("\n"));
}

/** The bell, as the layout asks it on every signed-in page (lib/queries/inbox.ts): target 2 ms p95 (issue 44). */
const BELL_TARGET_MS = 2;
const bellCalls: Call[] = [
  { name: "unread_notification_count (student)", sql: "select public.unread_notification_count()", args: [], caller: STUDENT },
  { name: "unread_notification_count (admin)", sql: "select public.unread_notification_count()", args: [], caller: ADMIN },
];

const adminCalls: Call[] = [
  {
    name: "student list page (50 of 10,000)",
    sql: "select id, email, full_name, last_activity_at from public.profiles where role = 'student' order by email, id limit 50 offset 4950",
    args: [],
    caller: ADMIN,
  },
  { name: "student list total", sql: "select count(*) from public.profiles where role = 'student'", args: [], caller: ADMIN },
  { name: "student list, search", sql: "select id, email from public.profiles where role = 'student' and (full_name ilike '%999%' or email ilike '%999%') order by email, id limit 50", args: [], caller: ADMIN },
  { name: "one student: progress_summary", sql: "select public.progress_summary($1)", args: [STUDENT], caller: ADMIN },
  { name: "one student: student_access", sql: "select count(*) from public.student_access($1)", args: [STUDENT], caller: ADMIN },
  { name: "one student: lesson_access", sql: "select lesson_id, is_unlocked, is_visible from public.lesson_access where user_id = $1", args: [STUDENT], caller: ADMIN },
  { name: "all lessons (studio and panel)", sql: "select id, title, tool_id, course_module_id, order_index, is_published from public.lessons order by order_index", args: [], caller: ADMIN },
  { name: "groups with member counts", sql: "select count(*) from public.groups_overview()", args: [], caller: ADMIN },
  { name: "group page", sql: "select public.group_page($1)", args: [seededId("group", 1)], caller: ADMIN },
  // The review queue: every tab for an admin and a curator, scripts/bench-review-tabs.ts.
];

async function measure(school: ScaleSchool, title: string, calls: Call[], targetMs: number, runs: number) {
  console.log(`\n${title} (target: p95 ≤ ${targetMs} ms)`);
  const results = [];
  for (const call of calls) {
    const { p50, p95 } = await timeCalls(runs, () => school.asCaller(call.sql, call.args, call.caller));
    results.push({ ...call, p50, p95 });
    console.log(`  ${call.name.padEnd(40)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms ${p95 <= targetMs ? "" : "(over target)"}`);
  }
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(`  slowest: ${worst.name}, p95 ${worst.p95.toFixed(1)} ms: target ${worst.p95 <= targetMs ? "met" : "NOT met"}; its plan (statements over 1 ms):`);
  for (const plan of await school.plansOf(worst.sql, worst.args, worst.caller)) console.log(plan.split("\n").map((line) => `    ${line}`).join("\n"));
  return results;
}

export async function benchScale({ runs = 50, keep = false, url = undefined as string | undefined, studentsOnly = false } = {}) {
  const school = url ? await attachScaleSchool(url) : await startScaleSchool();
  if (!school) {
    console.log("\nscale: skipped (no PostgreSQL server installed)");
    return;
  }
  try {
    if (keep) {
      console.log(`kept: ${school.psql}; measure it again with npm run bench -- scale --url '${school.url}' (Ctrl-C ends it)`);
      await new Promise((resolve) => process.once("SIGINT", resolve));
      return;
    }
    await measureStudents(school, runs);
    if (studentsOnly) return;
    await measure(school, "the bell, 200,000 notifications", bellCalls, BELL_TARGET_MS, runs);
    await measure(school, "admin reads", adminCalls, ADMIN_TARGET_MS, Math.ceil(runs / 2));
    await benchReviewTabs(school, { runs: Math.ceil(runs / 2) });
    console.log("\nanalytics (target: p95 < 200 ms)");
    await benchAnalytics(school);
  } finally {
    if (url) await school.superuser.end();
    else await school.stop();
  }
}

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
};

/** The command line of `npm run bench -- scale` (scripts/bench.ts) and of this file run alone. */
export const scaleOptions = () => ({ keep: process.argv.includes("--keep"), url: option("--url"), studentsOnly: process.argv.includes("--students") });

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchScale(scaleOptions());
}
