import { QUEUE_STATUSES, REVIEWS_PER_PAGE } from "../lib/domain/reviews";
import { ADMIN, CURATOR, timeCalls, type ScaleSchool } from "./scale-school";

/**
 * Every tab of the reviewers' queue (/admin/reviews: each status QUEUE_STATUSES offers) on the scale
 * school, for an admin and for a curator of five groups, called as the page calls it (review_queue
 * with the tab's status and a page of REVIEWS_PER_PAGE, through PostgREST's transaction, role and
 * claims): p50 and p95 against issue 44's target of 50 ms for every tab, with how many works the tab
 * holds, then the plan of the slowest. `npm run bench -- scale` runs it with the admin's reads.
 */

const TARGET_MS = 50;

const CALLERS = [
  { who: "admin", id: ADMIN },
  { who: "curator of 5 groups", id: CURATOR },
];

export async function benchReviewTabs(school: ScaleSchool, { runs = 25 } = {}) {
  console.log(`\nreview tabs, each status for an admin and a curator (target: p95 ≤ ${TARGET_MS} ms each)`);
  const sql = "select public.review_queue(_status => $1, _limit => $2, _offset => 0)";
  const results = [];
  for (const { value, label } of QUEUE_STATUSES) {
    for (const { who, id } of CALLERS) {
      const args = [value, REVIEWS_PER_PAGE];
      const { value: answer } = await school.asCaller(sql, args, id);
      const total = (answer.review_queue as { total: number }).total;
      const { p50, p95 } = await timeCalls(runs, () => school.asCaller(sql, args, id));
      results.push({ name: `«${label}» (${who})`, args, caller: id, p50, p95 });
      const name = `«${label}» (${who}), ${total.toLocaleString("en")} works`;
      console.log(`  ${name.padEnd(52)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms ${p95 <= TARGET_MS ? "" : "(over target)"}`);
    }
  }
  const worst = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  console.log(`  slowest tab: ${worst.name}, p95 ${worst.p95.toFixed(1)} ms: target ${worst.p95 <= TARGET_MS ? "met" : "NOT met"}; its plan (statements over 1 ms):`);
  // A curator's plan carries their students' ids as one array: each line is cut at 240 characters.
  const cut = (line: string) => (line.length > 240 ? `${line.slice(0, 240)}…` : line);
  for (const plan of await school.plansOf(sql, worst.args, worst.caller)) console.log(plan.split("\n").map((line) => `    ${cut(line)}`).join("\n"));
  return results;
}
