import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E_APP_URL } from "./e2e/helpers/ports";

// Debian's Chromium when present (Playwright's own download is not reachable everywhere).
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((file) => existsSync(file));

export default defineConfig({
  testDir: "./e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: E2E_APP_URL,
    locale: "ru-RU",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"] }, testIgnore: /(mobile|outage)\.spec\.ts/ },
    { name: "mobile", use: { ...devices["Pixel 7"] }, testMatch: /mobile\.spec\.ts/ },
    // Switches the shared backend off, so it runs alone, after everything else.
    { name: "outage", use: { ...devices["Desktop Chrome"] }, testMatch: /outage\.spec\.ts/, dependencies: ["desktop", "mobile"] },
  ],
  webServer: {
    command: "tsx scripts/e2e-server.ts",
    url: `${E2E_APP_URL}/robots.txt`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "pipe",
  },
});
