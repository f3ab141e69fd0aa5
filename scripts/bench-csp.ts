import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/helpers/browser";
import { DEMO_ACCOUNTS } from "../local-backend/demo-accounts";
import { startLocalBackend } from "../local-backend/server";
import { loadTest } from "./bench-load";
import { signedInContext, waitForServers } from "./bench-pages";
import { nextEnv } from "./next-app";

/**
 * What a nonce-based CSP costs (docs/architecture.md#headers): builds made beforehand, each served
 * in turn by the app's server against one local backend, measured on the same paths.
 *   npx tsx scripts/bench-csp.ts <label>=<project dir>:<dist dir> …
 * Each build must have been made with NEXT_PUBLIC_SUPABASE_URL=http://127.0.0.1:54379 and
 * NEXT_PUBLIC_SITE_URL=http://127.0.0.1:3150 (the e2e stack 5's addresses, `E2E_STACK=5 npm test e2e`).
 * Per path: whether the build prerendered it, the median and p90 time to the response's headers of
 * 100 requests one at a time, then 10 connections for 8 s (req/s, p50, p99, server CPU per request).
 */
const base = "http://127.0.0.1:3150";
const backend = await startLocalBackend({ dataDir: "memory://", port: 54379, config: { siteUrl: base }, log: () => {} });
const browser = await chromium.launch(chromiumLaunchOptions);

async function timeToHeaders(url: string, cookie: string) {
  const times: number[] = [];
  for (let index = 0; index < 110; index++) {
    const started = performance.now();
    const response = await fetch(url, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    if (index >= 10) times.push(performance.now() - started);
    await response.arrayBuffer();
  }
  times.sort((a, b) => a - b);
  return { median: times[50], p90: times[90] };
}

const PATHS = ["/", "/privacy", "/no/such/page", "/auth/link-expired", "/dashboard"];

for (const variant of process.argv.slice(2)) {
  const [label, location] = variant.split("=");
  const [projectDir, distDir] = location.split(":");
  const manifest = JSON.parse(readFileSync(path.join(projectDir, distDir, "prerender-manifest.json"), "utf8"));
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts", "-p", "3150", "-H", "127.0.0.1"], {
    cwd: projectDir,
    stdio: "ignore",
    env: { ...process.env, ...nextEnv(backend.url, base, distDir) },
  });
  await waitForServers([`${base}/robots.txt`]);
  const context = await signedInContext(browser, base, DEMO_ACCOUNTS.student);
  const cookie = (await context.cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  await context.close();
  console.log(`\n${label} (${projectDir}/${distDir})`);
  console.log("path".padEnd(22), "static".padEnd(7), "headers p50/p90 ms".padStart(19), "req/s".padStart(7), "p50".padStart(5), "p99".padStart(5), "CPU ms/req".padStart(11), "failed".padStart(7));
  for (const url of PATHS) {
    const who = url === "/dashboard" ? cookie : "";
    const single = await timeToHeaders(`${base}${url}`, who);
    const load = await loadTest(`${base}${url}`, server.pid!, { cookie: who });
    // A 404 is the answer asked for, not a failure.
    const failed = url === "/no/such/page" ? 0 : load.failures;
    console.log(
      url.padEnd(22),
      ((url === "/no/such/page" ? "/_not-found" : url) in manifest.routes ? "yes" : "no").padEnd(7),
      `${single.median.toFixed(1)} / ${single.p90.toFixed(1)}`.padStart(19),
      load.perSecond.toFixed(0).padStart(7),
      String(load.p50).padStart(5),
      String(load.p99).padStart(5),
      load.cpuMsPerRequest.toFixed(2).padStart(11),
      String(failed).padStart(7),
    );
  }
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
}
await browser.close();
await backend.close();
process.exit(0);
