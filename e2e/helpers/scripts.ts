import { expect, type Locator, type Page } from "@playwright/test";

/**
 * A page before its script: what a press, a key or a typed character does while the page is its
 * server HTML alone (e2e/early-input.spec.ts and the specs of controls pressed before it).
 */

/** Holds every script of the page (`/_next/static/chunks/…js`) until `release`: meanwhile the page is its server HTML alone. */
export async function holdScripts(page: Page) {
  let released = false;
  const held: (() => void)[] = [];
  await page.route("**/_next/static/chunks/**", async (route) => {
    if (!released && new URL(route.request().url()).pathname.endsWith(".js")) await new Promise<void>((resolve) => held.push(resolve));
    await route.continue();
  });
  return {
    held: () => held.length,
    release: () => {
      released = true;
      held.splice(0).forEach((resume) => resume());
    },
  };
}

/** Server actions the page sends that carry `marker` (what was typed), however many times. */
export function countActions(page: Page, marker: string) {
  let count = 0;
  page.on("request", (request) => {
    if (request.headers()["next-action"] && (request.postData() ?? "").includes(marker)) count++;
  });
  return () => count;
}

/** Whether React has hydrated the element (it carries React's props). */
export const hydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps")));

/** Still the server's HTML: scripts held, the element not hydrated. */
export async function expectNotHydrated(scripts: Awaited<ReturnType<typeof holdScripts>>, element: Locator) {
  await expect.poll(scripts.held).toBeGreaterThan(0);
  expect(await hydrated(element)).toBe(false);
}

/** `read` comes to `value` and is still so a moment later: a second save, had one gone, would have changed it. */
export async function expectStays<T>(page: Page, read: () => T | Promise<T>, value: T) {
  const now = async (): Promise<unknown> => await read();
  await expect.poll(now).toEqual(value);
  await page.waitForTimeout(1000);
  expect(await now()).toEqual(value);
}

/** After the release: exactly one save, and no second one a moment later. */
export const expectSentOnce = (page: Page, sent: () => number) => expectStays(page, sent, 1);
