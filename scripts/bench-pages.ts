import { gzipSync } from "node:zlib";
import type { Browser, BrowserContext } from "@playwright/test";

export interface PageMeasure {
  median: number;
  requests: number;
  /** The slowest backend answer of one load, as the backend logged it (its own work plus the injected latency). */
  slowestBackendMs: number;
  htmlGz: number;
  javascript: number;
}

const WARM_UP_LOADS = 2;
const TIMED_LOADS = 7;

/**
 * One page as its visitor loads it: median server time of seven loads after two that warm the
 * route up (its server chunks loaded and compiled, as on a running server), the backend requests
 * of one (from the backend's log), the HTML, and the gzip of the scripts loaded before `load`.
 */
export async function measurePage(
  browser: Browser,
  url: string,
  context: BrowserContext | null,
  backendRequests: string[],
): Promise<PageMeasure> {
  const times: number[] = [];
  let requests = 0;
  let slowestBackendMs = 0;
  let html = "";
  for (let run = 0; run < WARM_UP_LOADS + TIMED_LOADS; run++) {
    backendRequests.length = 0;
    const started = performance.now();
    // A redirect would measure another page: each page is loaded by a visitor it renders for.
    const response = context
      ? await context.request.get(url, { maxRedirects: 0 }).then(async (answer) => ({ status: answer.status(), text: await answer.text() }))
      : await fetch(url).then(async (answer) => ({ status: answer.status, text: await answer.text() }));
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    html = response.text;
    if (run >= WARM_UP_LOADS) times.push(performance.now() - started);
    requests = backendRequests.length;
    slowestBackendMs = Math.max(0, ...backendRequests.map((line) => Number(/ (\d+)ms$/.exec(line)?.[1] ?? 0)));
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(TIMED_LOADS / 2)], requests, slowestBackendMs, htmlGz: gzipSync(html).length, javascript: await firstLoadJs(browser, url, context) };
}

/** The gzip of the scripts a page loads before its load event (later prefetches are not counted). */
export async function firstLoadJs(browser: Browser, url: string, context: BrowserContext | null) {
  const fresh = await browser.newContext(context ? { storageState: await context.storageState() } : {});
  const page = await fresh.newPage();
  const scripts: Promise<number>[] = [];
  let loaded = false;
  page.on("response", (response) => {
    if (!loaded && response.request().resourceType() === "script") scripts.push(response.body().then((body) => gzipSync(body).length, () => 0));
  });
  await page.goto(url, { waitUntil: "load" });
  loaded = true;
  const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  await fresh.close();
  return total;
}

/** Waits for each server to answer (a minute at the most): a server just started. */
export async function waitForServers(urls: string[]) {
  for (const url of urls) {
    for (let attempt = 0; attempt < 120; attempt++) {
      if (await fetch(url).then((response) => response.ok).catch(() => false)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** A browser context signed in as a visitor signs in, on the landing's form. */
export async function signedInContext(browser: Browser, base: string, account: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Пароль").fill(account.password);
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await page.waitForURL("**/dashboard");
  return context;
}
