import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { SUBMIT_GUARD_SCRIPT } from "../components/forms/submit-guard";
import { STATIC_PAGES, SUBMIT_GUARD_HASH } from "../lib/security/headers";
import { expect, test } from "./fixtures";
import { createStudent, deleteUser } from "./helpers/backend";
import { E2E_DIST_DIR } from "./helpers/ports";
import { signInByAction, useSession } from "./helpers/session";

/**
 * Pages rendered per request allow only the scripts that carry the response's nonce (and what they
 * load): no 'unsafe-inline' for scripts. The static pages, built once, keep the inline allowance.
 */

const scriptSources = (policy: string) => policy.split(";").find((directive) => directive.trim().startsWith("script-src"))!.trim().split(/\s+/).slice(1);

/** Records the page's CSP violations from before its first script, and whether React hydrated it. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const violations: string[] = [];
    Object.assign(window, { cspViolations: violations });
    document.addEventListener("securitypolicyviolation", (event) => violations.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return {
    violations: () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    hydrated: () => page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__react"))),
  };
}

/** Opens a page rendered per request: one policy with a fresh nonce, every script carrying it, the page hydrated. */
async function expectNoncePage(page: Page, url: string, status = 200) {
  const watcher = await watch(page);
  const response = (await page.goto(url))!;
  expect(response.status()).toBe(status);
  const policies = (await response.headersArray()).filter(({ name }) => name.toLowerCase() === "content-security-policy");
  expect(policies).toHaveLength(1);
  const sources = scriptSources(policies[0].value);
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources).toContain("'strict-dynamic'");
  const nonce = sources.find((source) => source.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);

  // Every script of the HTML as sent, inline or not, carries the nonce (the DOM hides the attribute),
  // but the submit guard, allowed by its hash: the policy names it, and it runs.
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, text] of scripts) {
    if (text === SUBMIT_GUARD_SCRIPT) expect(sources).toContain(SUBMIT_GUARD_HASH);
    else expect(attributes, attributes).toContain(`nonce="${nonce}"`);
  }
  expect(scripts.filter(([, , text]) => text === SUBMIT_GUARD_SCRIPT)).toHaveLength(1);
  await watcher.hydrated();
  expect(await watcher.violations()).toEqual([]);
  return nonce!;
}

test("pages rendered per request allow only their own nonce's scripts, and work", async ({ page, browser }) => {
  const nonces = [await expectNoncePage(page, "/auth/link-expired"), await expectNoncePage(page, "/no/such/page", 404)];

  const user = await createStudent();
  const student = await browser.newContext();
  const studentPage = await student.newPage();
  await signInByAction(studentPage, user.email, user.password);
  nonces.push(await expectNoncePage(studentPage, "/dashboard"), await expectNoncePage(studentPage, "/settings"));
  // A fresh nonce for each response.
  expect(new Set(nonces).size).toBe(nonces.length);

  // Markup injected into the page cannot run its inline handler.
  await studentPage.evaluate(() => {
    document.body.insertAdjacentHTML("beforeend", `<img src="/no-such-image" onerror="window.injected = true">`);
  });
  await studentPage.waitForFunction(() => (window as unknown as { cspViolations: string[] }).cspViolations.length > 0);
  expect(await studentPage.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
  await student.close();
  await deleteUser(user.id);

  await useSession(page, "admin");
  await expectNoncePage(page, "/admin");
});

test("the static pages stay prerendered, with the inline allowance and no nonce", async ({ page }) => {
  // Every HTML page the build prerendered is one the proxy knows as static, and only those.
  const manifest = JSON.parse(await readFile(path.join(import.meta.dirname, "..", E2E_DIST_DIR, "prerender-manifest.json"), "utf8"));
  const prerenderedPages = Object.keys(manifest.routes).filter((route) => !/\.\w+$/.test(route) && route !== "/_global-error");
  expect(prerenderedPages.sort()).toEqual([...STATIC_PAGES].sort());

  for (const url of STATIC_PAGES) {
    const watcher = await watch(page);
    const response = (await page.goto(url))!;
    const sources = scriptSources(response.headers()["content-security-policy"]);
    expect(sources).toEqual(["'self'", "'unsafe-inline'"]);
    expect(await response.text()).not.toContain("nonce=");
    await watcher.hydrated();
    expect(await watcher.violations()).toEqual([]);
  }
});
