import { createHash } from "node:crypto";
import { appendFileSync, closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { axeViolations, pageStateKey, TOASTS } from "./helpers/axe";

export { expect };

let visitor = 0;

/**
 * Waits (up to 3 s) for what moves on the page to come to rest, and says whether anything moved: a
 * toast fading in, out or behind another is half transparent for 400 ms. A spinner's endless
 * animation is not waited for.
 */
async function settled(page: Page): Promise<boolean> {
  return page
    .evaluate(async () => {
      const moving = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.race([Promise.allSettled(moving.map((animation) => animation.finished)), new Promise((rest) => setTimeout(rest, 3_000))]);
      return moving.length > 0;
    })
    .catch(() => false);
}

/** A documentation-range address of its own for each test's visitor (RFC 5737, 198.18/15 benchmark range). */
export function visitorAddress(): string {
  visitor++;
  return `198.18.${(process.pid % 200) + (visitor >> 8)}.${visitor & 255}`;
}

/**
 * Claims a page state for this run's axe check: true for the first worker of the run to ask, false
 * for every later one, whichever worker it is. A file per state in the project's output directory,
 * which Playwright empties at the start of each run, created only if it does not exist yet.
 */
function firstToCheck(outputDir: string, key: string): boolean {
  const ledger = path.join(outputDir, ".axe-ledger");
  mkdirSync(ledger, { recursive: true });
  try {
    closeSync(openSync(path.join(ledger, createHash("sha1").update(key).digest("hex")), "wx"));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/** The time this worker's axe checks took. */
const axeCost = { checks: 0, ms: 0 };
// E2E_AXE=every checks after every test (to measure); E2E_AXE=report writes what it finds to
// E2E_AXE_REPORT and fails nothing (to survey the whole suite at once); E2E_AXE=off checks nothing.
const AXE_MODE = process.env.E2E_AXE ?? "once";

/**
 * Every test is a different visitor behind the app's proxy: its requests carry their own
 * X-Forwarded-For, which the app forwards to Supabase Auth, so rate limits count per visitor
 * exactly as they do for real students.
 *
 * After a test that passed, axe checks the page it left (issue 43: 0 violations on every state the
 * suite visits), toasts aside (expectToastsAccessible checks them at rest): the test fails on a violation. Each state (route, query names, what is open: see
 * pageStateKey) is checked once per run and project (desktop and phone lay it out apart), by
 * whichever worker meets it first: checked once per worker, three workers checked many states two
 * or three times.
 */
export const test = base.extend<object, { axeLedger: void }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "x-forwarded-for": visitorAddress() });
  },
  axeLedger: [
    async ({}, provide) => {
      await provide();
      if (axeCost.checks) console.log(`axe: ${axeCost.checks} page states checked in ${(axeCost.ms / 1000).toFixed(1)} s (worker ${process.pid})`);
    },
    { scope: "worker", auto: true },
  ],
  // Only a test that uses the page is checked (the fixture wraps it rather than asking for one).
  page: async ({ page }, provide, testInfo) => {
    await provide(page);
    const report = AXE_MODE === "report" ? process.env.E2E_AXE_REPORT : undefined;
    if (AXE_MODE === "off" || (!report && testInfo.status !== testInfo.expectedStatus) || page.isClosed()) return;
    if (!page.url().startsWith("http")) return;
    const contentType = await page.evaluate(() => document.contentType).catch(() => "");
    if (contentType !== "text/html") return;
    const started = Date.now();
    await page.waitForLoadState("load").catch(() => {});
    // A page that streams in shows its skeleton first (components/page-loading.tsx): axe reads the page itself.
    await page.locator('[role=status][aria-label="Загрузка"]').first().waitFor({ state: "detached", timeout: 15_000 }).catch(() => {});
    await settled(page);
    const key = await pageStateKey(page);
    if (AXE_MODE !== "every" && !firstToCheck(testInfo.project.outputDir, `${testInfo.project.name} ${key}`)) return;
    let violations = await axeViolations(page, { exclude: TOASTS });
    // Something that began to move while axe read the page: the page is read again once it rests.
    if (violations.length && (await settled(page))) violations = await axeViolations(page, { exclude: TOASTS });
    axeCost.checks++;
    axeCost.ms += Date.now() - started;
    if (report) {
      if (violations.length) appendFileSync(report, `${JSON.stringify({ url: page.url(), test: testInfo.title, violations })}\n`);
      return;
    }
    expect(violations, `axe on ${page.url()} as «${testInfo.title}» left it`).toEqual([]);
  },
});
