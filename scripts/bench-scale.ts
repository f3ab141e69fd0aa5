import { pathToFileURL } from "node:url";
import { benchAnalytics } from "./bench-analytics";
import { ADMIN, CURATOR, seededId, startScaleSchool, timeCalls, type ScaleSchool } from "./scale-school";

/**
 * Every database call of a signed-in page on the scale school (scripts/scale-school.ts), as PostgREST
 * makes it (authenticated, with the claims, in a transaction): p50 and p95 over many calls, against
 * the targets of issue 31 (a student page function ≤ 5 ms p95, flat in the module's or tool's
 * position; an admin read ≤ 50 ms), then the analytics functions (≤ 200 ms). The slowest call of each
 * kind is shown with its plan. `npm run bench -- scale` runs this alone; `--keep` leaves the seeded
 * cluster running for psql.
 */

const STUDENT = seededId("student", 1); // in groups 2, 21 and 89
const STUDENT_TARGET_MS = 5;
const ADMIN_TARGET_MS = 50;

interface Call {
  name: string;
  sql: string;
  args: unknown[];
  caller: string;
}

const studentCalls: Call[] = [
  { name: "dashboard_page", sql: "select public.dashboard_page()", args: [], caller: STUDENT },
  { name: "homework_summary", sql: "select public.homework_summary()", args: [], caller: STUDENT },
  { name: "course_modules_page", sql: "select public.course_modules_page()", args: [], caller: STUDENT },
  { name: "tools_page", sql: "select public.tools_page()", args: [], caller: STUDENT },
  ...[1, 50].map((tool) => ({ name: `tool_page (tool ${tool})`, sql: "select public.tool_page($1)", args: [`Scale Tool ${tool}`], caller: STUDENT })),
  ...[
    [1, 1],
    [50, 299],
  ].map(([tool, lesson]) => ({
    name: `lesson_page (tool ${tool})`,
    sql: "select public.lesson_page($1, $2)",
    args: [`Scale Tool ${tool}`, seededId("lesson", lesson)],
    caller: STUDENT,
  })),
  ...[1, 40].map((module) => ({ name: `course_module_page (module ${module})`, sql: "select public.course_module_page($1)", args: [seededId("module", module)], caller: STUDENT })),
  ...[
    [1, 301],
    [40, 498],
  ].map(([module, lesson]) => ({
    name: `course_lesson_page (module ${module})`,
    sql: "select public.course_lesson_page($1, $2)",
    args: [seededId("module", module), seededId("lesson", lesson)],
    caller: STUDENT,
  })),
];

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
  { name: "review queue (admin)", sql: "select public.review_queue()", args: [], caller: ADMIN },
  { name: "review queue (curator of 5 groups)", sql: "select public.review_queue()", args: [], caller: CURATOR },
  { name: "review queue, returned (admin)", sql: "select public.review_queue('returned')", args: [], caller: ADMIN },
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

export async function benchScale({ runs = 50, keep = false } = {}) {
  const school = await startScaleSchool();
  if (!school) {
    console.log("\nscale: skipped (no PostgreSQL server installed)");
    return;
  }
  try {
    if (keep) {
      console.log(`kept: ${school.psql} (Ctrl-C ends it)`);
      await new Promise((resolve) => process.once("SIGINT", resolve));
      return;
    }
    await measure(school, "student pages, a student in three groups", studentCalls, STUDENT_TARGET_MS, runs);
    await measure(school, "the bell, 200,000 notifications", bellCalls, BELL_TARGET_MS, runs);
    await measure(school, "admin reads", adminCalls, ADMIN_TARGET_MS, Math.ceil(runs / 2));
    console.log("\nanalytics (target: p95 < 200 ms)");
    await benchAnalytics(school);
  } finally {
    await school.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await benchScale({ keep: process.argv.includes("--keep") });
}
