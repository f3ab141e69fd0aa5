import { readFileSync, writeFileSync } from "node:fs";
import { chromium, type BrowserContext } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/helpers/browser";
import { DEMO_ACCOUNTS } from "../local-backend/demo-accounts";
import { startLocalBackend } from "../local-backend/server";
import { firstLoadJs, signedInContext, waitForServers } from "./bench-pages";
import { startFloor } from "./bench-floor";
import { isSignedInRoute, jsBudget, PUBLIC_ALLOWANCE, SIGNED_IN_ALLOWANCE } from "./js-budget";
import { exitCode, nextEnv, runNext, runServer } from "./next-app";

/**
 * First-load JS (gzip) of every route, for one build: `npx tsx scripts/bench-client-js.ts <label>`
 * builds into `.next-bench/<label>` (unless `--no-build`), serves it and writes `first-load-js.json` there,
 * beside the table it prints. Deterministic, so one run per variant of the client's loading.
 */
const label = process.argv[2] ?? "current";
const build = !process.argv.includes("--no-build");
const withFloor = process.argv.includes("--floor");
const base = "http://127.0.0.1:3300";
const backend = await startLocalBackend({ dataDir: "memory://", port: 54349, config: { siteUrl: base }, log: () => {} });
// Typechecked apart (`npx tsc --noEmit`): a build per variant need not repeat it.
const env = { ...nextEnv(backend.url, base, `.next-bench/${label}`), NEXT_BUILD_TYPECHECKED: "1" };
if (build) {
  // Next lists each build folder's types in tsconfig.json: a measuring build leaves it as it was.
  const tsconfig = readFileSync("tsconfig.json", "utf8");
  const code = await exitCode(runNext(["build"], env, "ignore"));
  writeFileSync("tsconfig.json", tsconfig);
  if (code !== 0) throw new Error("build failed");
}
const app = runServer(["-p", "3300", "-H", "127.0.0.1"], env, "ignore");
await waitForServers([base]);
if (app.exitCode !== null) throw new Error("the app could not start (is port 3300 taken?)");

const MODULE_1 = "c0000000-0000-4000-8000-000000000001";
const LESSON_1 = "e0000000-0000-4000-8000-000000000001";
// A lesson with an assignment: its page carries the homework form.
await backend.db.query(`insert into public.assignments (lesson_id, instructions_md) values ('${LESSON_1}', 'Ответьте') on conflict do nothing`);

const browser = await chromium.launch(chromiumLaunchOptions);
const sessions: Record<string, BrowserContext> = {
  student: await signedInContext(browser, base, DEMO_ACCOUNTS.student),
  admin: await signedInContext(browser, base, DEMO_ACCOUNTS.admin),
};
// Every route, as the visitor it renders for: anonymous, a student, or the admin.
const routes = [
  "/",
  "/auth/code?email=student%40example.com",
  "/auth/link-expired",
  "/privacy",
  "/courses",
  "/courses/potok-yanvar-2027",
  "/courses/potok-yanvar-2027/checkout",
  "/oferta",
  "/dashboard",
  "/product-founder",
  `/product-founder/${MODULE_1}`,
  `/product-founder/${MODULE_1}/${LESSON_1}`,
  `/product-founder/${MODULE_1}/e0000000-0000-4000-8000-000000000002`,
  "/tech-founder",
  "/tech-founder/lovable",
  "/tech-founder/lovable/d0000000-0000-4000-8000-000000000001",
  "/settings",
  "/notifications",
  "/admin",
  `/admin?student=${DEMO_ACCOUNTS.student.id}`,
  "/admin/groups",
  "/admin/groups/f0000000-0000-4000-8000-000000000001",
  "/admin/content",
  `/admin/content/modules/${MODULE_1}`,
  "/admin/content/modules/new",
  `/admin/content/lessons/${LESSON_1}`,
  "/admin/content/lessons/e0000000-0000-4000-8000-000000000002",
  "/admin/reviews",
  "/admin/analytics",
  "/admin/notifications",
];
const visitorOf = (route: string) => (route.startsWith("/admin") ? "admin" : isSignedInRoute(route) ? "student" : null);
const result: Record<string, number> = {};
for (const target of routes) {
  const visitor = visitorOf(target);
  result[target] = await firstLoadJs(browser, `${base}${target}`, visitor ? sessions[visitor] : null);
  console.log(target.padEnd(80), (result[target] / 1024).toFixed(1).padStart(8), "kB gz");
}
if (withFloor) {
  const floor = await startFloor("static", 3301);
  await waitForServers([floor.url]);
  result.floor = await firstLoadJs(browser, `${floor.url}/`, null);
  console.log("floor".padEnd(80), (result.floor / 1024).toFixed(1).padStart(8), "kB gz");
  floor.server.kill();
  const over = routes.filter((route) => result[route] > jsBudget(route, result.floor));
  const kB = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`budgets: public ${kB(result.floor + PUBLIC_ALLOWANCE)} kB, signed in ${kB(result.floor + SIGNED_IN_ALLOWANCE)} kB; over: ${over.join(", ") || "none"}`);
}
writeFileSync(`.next-bench/${label}/first-load-js.json`, JSON.stringify(result, null, 1));
await browser.close();
app.kill();
await backend.close();
process.exit(0);
