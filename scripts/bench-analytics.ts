import { ADMIN, CURATOR, seededId, timeCalls, type ScaleSchool } from "./scale-school";

/**
 * The analytics functions on the scale school (scripts/scale-school.ts), each called as PostgREST
 * calls it (authenticated, with the claims): p50 and p95 per function and scope, the plan of the
 * slowest (auto_explain, actual rows and times), and what the activity rollup's trigger adds to
 * record_lesson_opened. `npm run bench -- scale` runs it with the student pages and admin reads.
 */

const TARGET_MS = 200;

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

export async function benchAnalytics(school: ScaleSchool, { runs = 20, plans = true } = {}) {
  const { superuser, notices } = school;
  const scopes: [string, string, (args: unknown[]) => unknown[]][] = [
    ["admin, all 10,000 students", ADMIN, (args) => args],
    ["admin, one group", ADMIN, (args) => [seededId("group", 1), ...args.slice(1)]],
    ["curator of 5 groups", CURATOR, (args) => args],
    ["admin, all, tech track", ADMIN, (args) => [args[0], "tech"]],
  ];
  const results: { name: string; scope: string; sql: string; args: unknown[]; caller: string; p50: number; p95: number }[] = [];
  for (const [name, sql, args] of CALLS) {
    for (const [scope, caller, scoped] of scopes) {
      const { p50, p95 } = await timeCalls(runs, () => school.asCaller(sql, scoped(args), caller));
      results.push({ name, scope, sql, args: scoped(args), caller, p50, p95 });
      console.log(`${name.padEnd(20)} ${scope.padEnd(28)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${p95.toFixed(0).padStart(5)} ms ${p95 < TARGET_MS ? "" : "(over 200 ms)"}`);
    }
  }
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  if (plans) {
    console.log(`\nplan of the slowest, ${worst.name} (${worst.scope}); nested statements over 1 ms:`);
    for (const plan of await school.plansOf(worst.sql, worst.args, worst.caller)) console.log(plan.split("\n").map((line) => `    ${line}`).join("\n"));
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
}
