import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./e2e/helpers/browser";
import { E2E_APP_URL, E2E_STACK_SUFFIX } from "./e2e/helpers/ports";

export default defineConfig({
  testDir: "./e2e",
  outputDir: `test-results${E2E_STACK_SUFFIX}`,
  fullyParallel: true,
  // Three on this project's 2-core machine: a test waits much of its time (on the server, a page's
  // hydration, a toast, the worker's round), and with two the cores waited with it. Measured back to
  // back on a busy machine, the desktop and phone suites took 8.0 minutes with three, 8.9 with two.
  // The keystrokes suite still runs alone after them (its project below), in one worker.
  workers: 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E_APP_URL,
    locale: "ru-RU",
    // `npm test` records no trace (a failure still leaves its page snapshot in error-context.md);
    // `npm run test:e2e` keeps one per failure, with DOM snapshots but no screencast, which
    // tripled Chromium's CPU.
    trace: process.env.E2E_NO_TRACE ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    // Signs the seeded admin and student in once; the other projects reuse their cookies.
    { name: "sessions", use: { ...devices["Desktop Chrome"] }, testMatch: /sessions\.setup\.ts/ },
    { name: "desktop", use: { ...devices["Desktop Chrome"] }, testIgnore: /(mobile|outage|keystrokes)\.spec\.ts/, dependencies: ["sessions"] },
    { name: "mobile", use: { ...devices["Pixel 7"] }, testMatch: /mobile\.spec\.ts/, dependencies: ["sessions"] },
    // Sign-ins on throttled phones in parallel browsers, on both servers: after the other suites, so neither slows the other.
    { name: "keystrokes", use: { ...devices["Desktop Chrome"] }, testMatch: /keystrokes\.spec\.ts/, dependencies: ["desktop", "mobile"] },
    // Switches the shared backend off, so it runs alone, after everything else.
    { name: "outage", use: { ...devices["Desktop Chrome"] }, testMatch: /outage\.spec\.ts/, dependencies: ["keystrokes"] },
  ],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    url: `${E2E_APP_URL}/robots.txt`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "pipe",
  },
});
