import { chromium, type BrowserContext } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { chromiumLaunchOptions } from "../e2e/helpers/browser";
import type { Database } from "../lib/database.types";
import { DEMO_ACCOUNTS } from "../local-backend/demo-accounts";
import { PUBLISHABLE_KEY, startLocalBackend } from "../local-backend/server";
import { startFloor } from "./bench-floor";
import { isSignedInRoute, jsBudget, PUBLIC_ALLOWANCE, SIGNED_IN_ALLOWANCE } from "./js-budget";
import { loadTest, peakMemoryMiB, type LoadResult } from "./bench-load";
import { lighthouseMobile } from "./bench-lighthouse";
import { firstLoadJs, measurePage, signedInContext, waitForServers, type PageMeasure } from "./bench-pages";
import { benchLoadScale } from "./bench-load-scale";
import { benchScale, scaleOptions } from "./bench-scale";
import { seedLargeSchool, seedSubmissions, spreadLessonAccess } from "./bench-school";
import { signInBurst } from "./bench-sign-in-burst";
import { exitCode, nextEnv, runNext, runServer } from "./next-app";

/**
 * `npm run bench`: the app beside the floors (the smallest App Router page of the same Next.js,
 * built and served the same way, and the smallest dynamic one behind a pass-through proxy),
 * ending with a table of each figure against its target.
 * 1. Throughput, latency and server CPU per request at 10 connections, no backend latency.
 * 2. Every page with LOCAL_BACKEND_LATENCY_MS (100 ms by default) added to each backend answer:
 *    one wave of backend queries answers in about one latency. HTML and first-load JS.
 * 3. Lighthouse mobile performance of the landing beside the floor's.
 * 4. A large school: /admin with 5,000 students, and the page functions at 1,000 × 200 records.
 * 5. 200 simultaneous sign-ins while a reader asks /health.
 * 6. The scale school on PostgreSQL (scripts/bench-scale.ts): student pages, admin reads, analytics;
 *    `npm run bench -- scale` runs this part alone.
 * A benchmark, not a test: it reports, it never fails `npm test`.
 */
if (process.argv[2] === "load-scale") await benchLoadScale().then(() => process.exit(0));
if (process.argv[2] === "scale") {
  await benchScale(scaleOptions());
  process.exit(0);
}

const latencyMs = Number(process.env.LOCAL_BACKEND_LATENCY_MS ?? 100);
const base = "http://127.0.0.1:3200";
const backendRequests: string[] = [];
const backend = await startLocalBackend({ dataDir: "memory://", port: 54339, config: { siteUrl: base }, log: (line) => backendRequests.push(line) });
const jwksFetches: string[] = [];
const env = nextEnv(backend.url, base, ".next-bench");

console.log("building the app and the floor…");
if ((await exitCode(runNext(["build"], env, "ignore"))) !== 0) throw new Error("build failed");
const floor = await startFloor("static", 3201);
const dynamicFloor = await startFloor("dynamic", 3202);
const app = runServer(["-p", "3200", "-H", "127.0.0.1"], env, "ignore");
await waitForServers([base, floor.url, dynamicFloor.url]);
// A server left over on the same port would be measured instead: both must still be ours.
if (app.exitCode !== null || floor.server.exitCode !== null || dynamicFloor.server.exitCode !== null) {
  throw new Error("the app or a floor could not start (is port 3200, 3201 or 3202 taken?)");
}
const countJwks = () => {
  jwksFetches.push(...backendRequests.filter((line) => line.includes("/.well-known/jwks.json")));
  backendRequests.length = 0;
};

const browser = await chromium.launch(chromiumLaunchOptions);
const sessions = { student: await signedInContext(browser, base, DEMO_ACCOUNTS.student), admin: await signedInContext(browser, base, DEMO_ACCOUNTS.admin) };
const cookieOf = async (context: BrowserContext) => (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
const studentCookie = await cookieOf(sessions.student);

const MODULE_1 = "c0000000-0000-4000-8000-000000000001";
const TOOL_PAGE = "/tech-founder/lovable";
const LESSON_PAGE = "/tech-founder/lovable/d0000000-0000-4000-8000-000000000001";

// 1. Throughput. The floor runs first and last, so both runs see the machine in the same state.
console.log("\nthroughput at 10 connections, no backend latency (8 s each after a 2 s warm-up)\n");
console.log("server".padEnd(34), "req/s".padStart(8), "p50 ms".padStart(8), "p99 ms".padStart(8), "CPU ms/req".padStart(11), "failed".padStart(7));
const printLoad = (label: string, result: LoadResult) =>
  console.log(
    label.padEnd(34),
    result.perSecond.toFixed(0).padStart(8),
    String(result.p50).padStart(8),
    String(result.p99).padStart(8),
    result.cpuMsPerRequest.toFixed(2).padStart(11),
    String(result.failures).padStart(7),
  );
const floorPid = floor.server.pid ?? 0;
const appPid = app.pid ?? 0;
const floorFirst = await loadTest(`${floor.url}/`, floorPid);
printLoad("floor /", floorFirst);
const dynamicFloorLoad = await loadTest(`${dynamicFloor.url}/`, dynamicFloor.server.pid ?? 0, { cookie: studentCookie });
printLoad("dynamic floor / (cookies, proxy)", dynamicFloorLoad);
const landing = await loadTest(`${base}/`, appPid);
printLoad("app / (landing, anonymous)", landing);
const toolPage = await loadTest(`${base}${TOOL_PAGE}`, appPid, { cookie: studentCookie });
printLoad(`app ${TOOL_PAGE} (student)`, toolPage);
const lessonPage = await loadTest(`${base}${LESSON_PAGE}`, appPid, { cookie: studentCookie });
printLoad("app lesson page (student)", lessonPage);
const floorLast = await loadTest(`${floor.url}/`, floorPid);
printLoad("floor / (again)", floorLast);
const floorCpu = (floorFirst.cpuMsPerRequest + floorLast.cpuMsPerRequest) / 2;
const memory = { app: peakMemoryMiB(appPid), floor: peakMemoryMiB(floorPid) };
console.log(`\npeak memory under load: app ${memory.app.toFixed(0)} MiB, floor ${memory.floor.toFixed(0)} MiB`);
countJwks();

// 2. Every page with the injected latency.
backend.setLatency(latencyMs);
const pages: [string, keyof typeof sessions | null][] = [
  ["/", null],
  ["/auth/code?email=student%40example.com", null],
  ["/auth/link-expired", null],
  ["/dashboard", "student"],
  ["/product-founder", "student"],
  [`/product-founder/${MODULE_1}`, "student"],
  [`/product-founder/${MODULE_1}/e0000000-0000-4000-8000-000000000001`, "student"],
  ["/tech-founder", "student"],
  [TOOL_PAGE, "student"],
  [LESSON_PAGE, "student"],
  ["/admin", "admin"],
  [`/admin?student=${DEMO_ACCOUNTS.student.id}`, "admin"],
  ["/admin/groups", "admin"],
  ["/admin/groups/f0000000-0000-4000-8000-000000000001", "admin"],
  ["/admin/content", "admin"],
  [`/admin/content/modules/${MODULE_1}`, "admin"],
  ["/admin/content/lessons/e0000000-0000-4000-8000-000000000002", "admin"],
];
const kB = (bytes: number) => (bytes / 1024).toFixed(1);
/** The page's time beyond its backend's own work (PGlite here), in latencies: the waves and the app's rendering. */
const beyondBackend = (result: PageMeasure) => (result.median - Math.max(0, result.slowestBackendMs - latencyMs)) / latencyMs;
const printHeader = () =>
  console.log("page".padEnd(64), "median ms", " latencies", " backend requests", " backend work ms", " beyond it", " HTML kB gz", " first-load JS kB gz");
const printPage = (target: string, result: PageMeasure) =>
  console.log(
    target.padEnd(64),
    String(Math.round(result.median)).padStart(9),
    (result.median / latencyMs).toFixed(2).padStart(10),
    String(result.requests).padStart(17),
    String(Math.max(0, result.slowestBackendMs - latencyMs)).padStart(16),
    beyondBackend(result).toFixed(2).padStart(10),
    kB(result.htmlGz).padStart(11),
    kB(result.javascript).padStart(20),
  );
console.log(`\nbackend latency: ${latencyMs} ms per request (one wave ≈ 1 latency)\n`);
printHeader();
const measured = new Map<string, PageMeasure>();
for (const [target, visitor] of pages) {
  const result = await measurePage(browser, `${base}${target}`, visitor ? sessions[visitor] : null, backendRequests);
  measured.set(target, result);
  printPage(target, result);
  countJwks();
}
const floorJs = await firstLoadJs(browser, `${floor.url}/`, null);
console.log(`${"floor /".padEnd(64)} ${" ".repeat(60)}${kB(floorJs).padStart(9)}`);

// 3. Lighthouse, with the backend's latency off again.
backend.setLatency(0);
const [floorLighthouse, landingLighthouse] = await lighthouseMobile([`${floor.url}/`, `${base}/`]);
const printLighthouse = (label: string, result: typeof floorLighthouse) =>
  console.log(`${label.padEnd(12)} performance ${result.score.toFixed(2)}, first paint ${Math.round(result.fcpMs)} ms, largest paint ${Math.round(result.lcpMs)} ms`);
console.log("\nLighthouse mobile (simulated slow 4G), median of 3\n");
printLighthouse("floor /", floorLighthouse);
printLighthouse("app /", landingLighthouse);
backend.setLatency(latencyMs);

// 4. A large school.
const largeStudent = await seedLargeSchool(backend.db, { students: 5000, tools: 10, lessonsPerTool: 20, groups: 50 });
console.log(`\nadmin panel with 5,000 more students, 50 groups with dated grants and 200 more lessons\n`);
printHeader();
const { rows: benchGroup } = await backend.db.query<{ id: string }>(`select id from public.groups where name = 'Bench Поток 1'`);
for (const target of ["/admin", `/admin?student=${largeStudent}`, "/admin?q=3999", "/admin?sort=activity", "/admin/groups", `/admin/groups/${benchGroup[0].id}`]) {
  printPage(target, await measurePage(browser, `${base}${target}`, sessions.admin, backendRequests));
  countJwks();
}
const reviewSubmissions = await seedSubmissions(backend.db, 5000);
console.log(`\nthe review queue with ${reviewSubmissions.toLocaleString("en")} submissions waiting\n`);
printHeader();
const reviewQueue = await measurePage(browser, `${base}/admin/reviews`, sessions.admin, backendRequests);
printPage("/admin/reviews", reviewQueue);
backend.setLatency(0);

/** Median database time of a student's tool and lesson page functions, through supabase-js. */
const studentApi = createClient<Database>(backend.url, PUBLISHABLE_KEY, { auth: { persistSession: false } });
await studentApi.auth.signInWithPassword(DEMO_ACCOUNTS.student);
async function pageFunctionMs() {
  const times: number[] = [];
  for (let run = 0; run < 21; run++) {
    const started = performance.now();
    await Promise.all([
      studentApi.rpc("tool_page", { _tool_name: "lovable" }),
      studentApi.rpc("lesson_page", { _tool_name: "lovable", _lesson_id: "d0000000-0000-4000-8000-000000000001" }),
    ]);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[10];
}
const smallScale = await pageFunctionMs();
const accessRows = await spreadLessonAccess(backend.db, 1000);
const largeScale = await pageFunctionMs();
console.log(`\ntool + lesson page functions: ${smallScale.toFixed(1)} ms at the seed's size, ${largeScale.toFixed(1)} ms with ${accessRows.toLocaleString("en")} lesson access records`);
const { rows: plan } = await backend.db.query<{ "QUERY PLAN": string }>(
  `explain select * from public.lesson_access a where a.user_id = '${DEMO_ACCOUNTS.student.id}'`,
);
console.log("the personal-records lookup (effective_access_of) at that size:\n" + plan.map((row) => `  ${row["QUERY PLAN"]}`).join("\n"));

// 5. A burst of sign-ins.
const burst = await signInBurst(200, 54338);
console.log(
  `\n200 simultaneous sign-ins (a backend in its own process, no injected latency): ${burst.perSecond.toFixed(1)}/s, median ${Math.round(burst.signInMedianMs)} ms;` +
    ` /health meanwhile: median ${Math.round(burst.healthMedianMs)} ms, worst ${Math.round(burst.healthWorstMs)} ms`,
);
countJwks();

// The figures against their targets.
const student = pages.filter(([, visitor]) => visitor === "student").map(([target]) => [target, measured.get(target)!] as const);
const worstStudent = student.reduce((worst, row) => (row[1].median > worst[1].median ? row : worst));
const worstBeyond = student.reduce((worst, row) => (beyondBackend(row[1]) > beyondBackend(worst[1]) ? row : worst));
const heaviest = [...measured].reduce((worst, row) => (row[1].javascript > worst[1].javascript ? row : worst));
const admin = measured.get("/admin")!;
const over = [...measured].filter(([target, result]) => result.javascript > jsBudget(target, floorJs)).map(([target]) => target);
const heaviestPublic = [...measured].filter(([target]) => !isSignedInRoute(target)).reduce((worst, row) => (row[1].javascript > worst[1].javascript ? row : worst));
const rows: [string, string, string, boolean][] = [
  [`server CPU per signed-in page (${TOOL_PAGE})`, `${toolPage.cpuMsPerRequest.toFixed(1)} ms = ${(toolPage.cpuMsPerRequest / floorCpu).toFixed(0)} × floor (${floorCpu.toFixed(2)} ms)`, "≤ 4 ms, ≤ 8 × floor", toolPage.cpuMsPerRequest <= 4 && toolPage.cpuMsPerRequest <= 8 * floorCpu],
  ["  the dynamic floor's CPU (cookies + proxy)", `${dynamicFloorLoad.cpuMsPerRequest.toFixed(1)} ms; the page is ${(toolPage.cpuMsPerRequest / dynamicFloorLoad.cpuMsPerRequest).toFixed(1)} × it`, "—", true],
  [`throughput ${TOOL_PAGE}, 10 connections`, `${toolPage.perSecond.toFixed(0)} req/s, p99 ${toolPage.p99} ms (floor ${floorLast.perSecond.toFixed(0)}, dynamic floor ${dynamicFloorLoad.perSecond.toFixed(0)} req/s)`, "≥ 300 req/s, p99 < 100 ms", toolPage.perSecond >= 300 && toolPage.p99 < 100],
  ["throughput lesson page, 10 connections", `${lessonPage.perSecond.toFixed(0)} req/s, p99 ${lessonPage.p99} ms`, "≥ 300 req/s, p99 < 100 ms", lessonPage.perSecond >= 300 && lessonPage.p99 < 100],
  ["throughput landing, 10 connections", `${landing.perSecond.toFixed(0)} req/s, p99 ${landing.p99} ms, ${landing.cpuMsPerRequest.toFixed(2)} ms CPU`, "—", true],
  [`slowest student page at ${latencyMs} ms latency`, `${(worstStudent[1].median / latencyMs).toFixed(2)} × (${worstStudent[0]})`, "≤ 1.3 ×", worstStudent[1].median <= 1.3 * latencyMs],
  ["  beyond the backend's own work", `${beyondBackend(worstBeyond[1]).toFixed(2)} × (${worstBeyond[0]})`, "—", true],
  ["/admin waves", `${(admin.median / latencyMs).toFixed(2)} × latency, ${admin.requests} requests`, "one wave (< 2 ×)", admin.median < 2 * latencyMs],
  ["/admin/reviews, 5,000 waiting", `${(reviewQueue.median / latencyMs).toFixed(2)} × latency, ${reviewQueue.requests} requests`, "one wave (< 2 ×)", reviewQueue.median < 2 * latencyMs],
  ["signing-key fetches by the app", `${jwksFetches.length} in the whole run`, "≤ 1 per process", jwksFetches.length <= 1],
  ["heaviest first-load JS, signed in", `${kB(heaviest[1].javascript)} kB (${heaviest[0]}); floor ${kB(floorJs)} kB`, `≤ ${kB(floorJs + SIGNED_IN_ALLOWANCE)} kB`, heaviest[1].javascript <= jsBudget(heaviest[0], floorJs)],
  ["heaviest first-load JS, public", `${kB(heaviestPublic[1].javascript)} kB (${heaviestPublic[0]})`, `≤ ${kB(floorJs + PUBLIC_ALLOWANCE)} kB`, heaviestPublic[1].javascript <= floorJs + PUBLIC_ALLOWANCE],
  ["routes over the JS budget", over.length ? over.join(", ") : "none", "none", over.length === 0],
  ["landing first-load JS", `${kB(measured.get("/")!.javascript)} kB`, `≤ ${kB(jsBudget("/", floorJs))} kB`, measured.get("/")!.javascript <= jsBudget("/", floorJs)],
  ["Lighthouse mobile, landing", `${landingLighthouse.score.toFixed(2)} (floor ${floorLighthouse.score.toFixed(2)}), largest paint ${(landingLighthouse.lcpMs / 1000).toFixed(1)} s`, "≥ the floor's", landingLighthouse.score >= floorLighthouse.score],
  ["page functions, 1,000 × 200 vs seed", `${largeScale.toFixed(1)} ms vs ${smallScale.toFixed(1)} ms`, "flat (≤ 1.5 ×)", largeScale <= 1.5 * smallScale],
  ["/health during 200 sign-ins", `worst ${Math.round(burst.healthWorstMs)} ms, ${burst.perSecond.toFixed(1)} sign-ins/s`, "no stall (< 100 ms)", burst.healthWorstMs < 100],
  ["peak memory under load", `${memory.app.toFixed(0)} MiB (floor ${memory.floor.toFixed(0)} MiB)`, "—", true],
];
console.log("\nfigure".padEnd(47), "measured".padEnd(62), "target".padEnd(28), "met");
for (const [figure, value, target, met] of rows) console.log(figure.padEnd(46), value.padEnd(62), target.padEnd(28), met ? "yes" : "NO");

await browser.close();
app.kill();
floor.server.kill();
dynamicFloor.server.kill();
await backend.close();
await benchScale(); // 6. Student pages, admin reads and analytics at 10,000 students on PostgreSQL.
