import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe-core on a page's current state, with the rules axe runs by default: WCAG 2.0/2.1 A and AA
 * and its best practices (landmarks, heading order, names that match their labels…). No rule is
 * switched off. Legacy mode runs axe.run in the page itself: the default mode opens a blank page in
 * the test's context for every check (axe.finishRun) and reaches cross-origin frames, which here
 * are only video embeds that cannot load offline anyway.
 */
export async function axeViolations(page: Page, scope: { include?: string; exclude?: string } = {}): Promise<string[]> {
  // resultTypes: only the violations get their nodes' details, the cheaper part of the work.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join("; ").trim() ?? ""}`)
        .join("\n"),
  );
}

/**
 * Toasts come and go in 400 ms fades, half transparent on the way: the after-each check leaves
 * them out (a fade caught mid-way is not a colour the page has), and expectToastsAccessible checks
 * them at rest.
 */
export const TOASTS = "[data-sonner-toaster]";

/** Fails the test unless the toasts on the page, once their fades have ended, pass axe. */
export async function expectToastsAccessible(page: Page, label: string) {
  await expect(page.locator("[data-sonner-toast]").first()).toBeVisible();
  await page.evaluate(() => Promise.allSettled(document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity).map((animation) => animation.finished)));
  expect(await axeViolations(page, { include: TOASTS }), `axe: ${label} (${page.url()})`).toEqual([]);
}

/** Fails the test with every violation axe finds on the page as it is now. */
export async function expectAccessible(page: Page, label: string) {
  expect(await axeViolations(page), `axe: ${label} (${page.url()})`).toEqual([]);
}

/**
 * What makes two checks the same: the route (ids and numbers as placeholders), the query's
 * parameter names, and what is open on it (dialogs, disclosures, the selected tab). One check per
 * worker for each such state keeps the after-each-test check cheap.
 */
export async function pageStateKey(page: Page): Promise<string> {
  const url = new URL(page.url());
  const route = url.pathname.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ":id").replace(/\d+/g, ":n");
  const query = [...new Set(url.searchParams.keys())].sort().join("&");
  const open = await page.evaluate(() =>
    [
      ...[...document.querySelectorAll('[role="dialog"], [role="alertdialog"], details[open], [aria-expanded="true"]')].map(
        (element) => element.getAttribute("role") ?? element.tagName,
      ),
      ...[...document.querySelectorAll('[role="tab"][aria-selected="true"]')].map((tab) => `tab:${tab.textContent}`),
    ]
      .sort()
      .join(","),
  );
  return `${route}?${query}#${open}`;
}
