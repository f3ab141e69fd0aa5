import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/helpers/browser";
import { DEMO_ACCOUNTS } from "../supabase/local/demo-accounts";
import { startLocalBackend } from "../supabase/local/server";
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
const page = await browser.newPage();
await page.goto(`${base}/`);
await page.getByLabel("Email").fill(DEMO_ACCOUNTS.admin.email);
await page.getByLabel("Пароль").fill(DEMO_ACCOUNTS.admin.password);
await page.getByRole("button", { name: "Войти", exact: true }).click();
await page.waitForURL("**/dashboard");

const pages = [
  "/dashboard",
  "/product-founder",
  "/tech-founder",
  "/tech-founder/lovable",
  "/tech-founder/lovable/d0000000-0000-4000-8000-000000000001",
  `/admin?student=${DEMO_ACCOUNTS.student.id}`,
];
console.log(`\nbackend latency: ${latencyMs} ms per request\n`);
console.log("page".padEnd(64), "median ms", " backend requests");
for (const target of pages) {
  const times: number[] = [];
  let requests = 0;
  for (let run = 0; run < 5; run++) {
    backendRequests.length = 0;
    const started = performance.now();
    const response = await page.request.get(`${base}${target}`);
    await response.body();
    times.push(performance.now() - started);
    requests = backendRequests.length;
  }
  times.sort((a, b) => a - b);
  console.log(target.padEnd(64), String(Math.round(times[2])).padStart(9), String(requests).padStart(17));
}
await browser.close();
app.kill();
await backend.close();
