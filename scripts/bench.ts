import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/helpers/browser";
import { DEMO_ACCOUNTS } from "../supabase/local/demo-accounts";
import { startLocalBackend } from "../supabase/local/server";
import { seedLargeSchool } from "./bench-school";
import { signInBurst } from "./bench-sign-in-burst";
import { exitCode, nextEnv, runNext } from "./next-app";

/**
 * `npm run bench`: server response time of each page with a simulated hosted backend
 * (LOCAL_BACKEND_LATENCY_MS, 200 ms by default, added to every backend response).
 * A page that makes one wave of queries answers in about one delay, not several.
 */
const latencyMs = Number(process.env.LOCAL_BACKEND_LATENCY_MS ?? 200);
const backendPort = 54339;
const appPort = 3200;
const distDir = ".next-bench";
const backendRequests: string[] = [];

const base = `http://127.0.0.1:${appPort}`;
const backend = await startLocalBackend({
  dataDir: "memory://",
  port: backendPort,
  latencyMs,
  config: { siteUrl: base },
  log: (line) => backendRequests.push(line),
});
const env = nextEnv(backend.url, base, distDir);
console.log("building…");
if ((await exitCode(runNext(["build"], env, "ignore"))) !== 0) throw new Error("build failed");
const app = runNext(["start", "-p", String(appPort), "-H", "127.0.0.1"], env, "ignore");
for (let attempt = 0; attempt < 120; attempt++) {
  if (await fetch(`${base}/robots.txt`).then((response) => response.ok).catch(() => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}

const browser = await chromium.launch(chromiumLaunchOptions);

async function signedInContext(account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Пароль").fill(account.password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await page.waitForURL("**/dashboard");
  return context;
}
const sessions = { student: await signedInContext(DEMO_ACCOUNTS.student), admin: await signedInContext(DEMO_ACCOUNTS.admin) };
type Visitor = keyof typeof sessions | "anon";

const MODULE_1 = "c0000000-0000-4000-8000-000000000001";
const pages: [string, Visitor][] = [
  ["/", "anon"],
  ["/dashboard", "student"],
  ["/product-founder", "student"],
  [`/product-founder/${MODULE_1}`, "student"],
  [`/product-founder/${MODULE_1}/e0000000-0000-4000-8000-000000000001`, "student"],
  ["/tech-founder", "student"],
  ["/tech-founder/lovable", "student"],
  ["/tech-founder/lovable/d0000000-0000-4000-8000-000000000001", "student"],
  [`/admin?student=${DEMO_ACCOUNTS.student.id}`, "admin"],
  ["/admin/groups", "admin"],
  ["/admin/groups/f0000000-0000-4000-8000-000000000001", "admin"],
  ["/admin/content", "admin"],
  [`/admin/content/modules/${MODULE_1}`, "admin"],
  ["/admin/content/lessons/e0000000-0000-4000-8000-000000000002", "admin"],
];

/** Median server time of five loads, the backend requests of one, its HTML and its first-load JS. */
async function measure(target: string, visitor: Visitor) {
  const context = visitor === "anon" ? null : sessions[visitor];
  const times: number[] = [];
  let requests = 0;
  let html = "";
  for (let run = 0; run < 5; run++) {
    backendRequests.length = 0;
    const started = performance.now();
    // A redirect would measure another page: each page is loaded by a visitor it renders for.
    const response = context
      ? await context.request.get(`${base}${target}`, { maxRedirects: 0 }).then(async (answer) => ({ status: answer.status(), text: await answer.text() }))
      : await fetch(`${base}${target}`).then(async (answer) => ({ status: answer.status, text: await answer.text() }));
    if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
    html = response.text;
    times.push(performance.now() - started);
    requests = backendRequests.length;
  }
  times.sort((a, b) => a - b);
  const fresh = await browser.newContext(context ? { storageState: await context.storageState() } : {});
  const script = await fresh.newPage();
  // Scripts the page loads before its load event (later prefetches of other routes are not counted).
  const scripts: Promise<number>[] = [];
  let loaded = false;
  script.on("response", (response) => {
    if (!loaded && response.request().resourceType() === "script") scripts.push(response.body().then((body) => gzipSync(body).length, () => 0));
  });
  await script.goto(`${base}${target}`, { waitUntil: "load" });
  loaded = true;
  const javascript = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  await fresh.close();
  return { median: times[2], requests, htmlGz: gzipSync(html).length, javascript };
}

const kB = (bytes: number) => (bytes / 1024).toFixed(1);
function printHeader() {
  console.log("page".padEnd(64), "median ms", " latencies", " backend requests", " HTML kB gz", " first-load JS kB gz");
}
function printRow(target: string, result: Awaited<ReturnType<typeof measure>>) {
  console.log(
    target.padEnd(64),
    String(Math.round(result.median)).padStart(9),
    (result.median / latencyMs).toFixed(2).padStart(10),
    String(result.requests).padStart(17),
    kB(result.htmlGz).padStart(11),
    kB(result.javascript).padStart(20),
  );
}

console.log(`\nbackend latency: ${latencyMs} ms per request (one wave ≈ 1 latency)\n`);
printHeader();
for (const [target, visitor] of pages) printRow(target, await measure(target, visitor));

// The admin panel of a large school: 5,000 students and 200 more lessons.
const largeStudent = await seedLargeSchool(backend.db, { students: 5000, tools: 10, lessonsPerTool: 20, groups: 50 });
console.log(`\nadmin panel with 5,000 more students, 50 groups with dated grants and 200 more lessons\n`);
printHeader();
const { rows: benchGroup } = await backend.db.query<{ id: string }>(`select id from public.groups where name = 'Bench Поток 1'`);
for (const target of ["/admin", `/admin?student=${largeStudent}`, "/admin?q=3999", "/admin?sort=activity", "/admin/groups", `/admin/groups/${benchGroup[0].id}`]) {
  printRow(target, await measure(target, "admin"));
}

const burst = await signInBurst(200);
console.log(
  `\n200 simultaneous sign-ins (own backend, no injected latency): ${burst.perSecond.toFixed(1)}/s, median ${Math.round(burst.signInMedianMs)} ms;` +
    ` /health meanwhile: median ${Math.round(burst.healthMedianMs)} ms, worst ${Math.round(burst.healthWorstMs)} ms`,
);

await browser.close();
app.kill();
await backend.close();
