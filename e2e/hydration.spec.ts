import type { BrowserContext, Locator, Page } from "@playwright/test";
import { normalizeVideoInput } from "../lib/domain/video";
import { expect, test, visitorAddress } from "./fixtures";
import { createStudent, createTool, deleteUser, service, type TestUser } from "./helpers/backend";
import { E2E_APP_URL } from "./helpers/ports";
import { toast, useSession } from "./helpers/session";

/**
 * Nothing a person does while a page is still loading its scripts is lost: on a phone-speed CPU
 * (Chromium's CPU throttled 4×, 150 ms round trips), presses, keys and pasted text at every moment of hydration take effect,
 * and «Сохранено» shows only for what was saved.
 */

// One at a time: each loads the server heavily enough to slow the other's saves.
test.describe.configure({ mode: "serial" });

/** The player address the studio stores for a pasted link. */
function playerAddress(link: string): string {
  const video = normalizeVideoInput(link);
  if (!video.ok || !video.url) throw new Error(`not a video link: ${link}`);
  return video.url;
}

/**
 * A phone: the CPU throttled 4× and Lighthouse's mobile round trip (150 ms) on every request.
 * `firstVisit`: no cache, so a form's script loaded on intent comes over the network each time.
 */
async function phoneSpeed(context: BrowserContext, page: Page, { firstVisit = false } = {}) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 });
  if (firstVisit) await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
}

/** A password manager's fill: the value and its input event, without focus (the browser's own setter, not React's). */
async function autofill(field: Locator, value: string) {
  await field.evaluate((input: HTMLInputElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(input, text);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }, value);
}

/** When the person starts: as the response arrives, at DOMContentLoaded, at load, or 0–1000 ms after the response. */
const MOMENTS = ["commit", "domcontentloaded", "load", "random"] as const;
const PRESSES = ["button", "Enter"] as const;
/** Typed (the focus reaches the form first), or filled by a password manager (no focus; the press is the first touch). */
const FILLS = ["typed", "autofilled"] as const;
const SIGN_INS = 100;
const LANES = 5;

test("100 sign-ins pressing the button or Enter at every moment of hydration all reach the dashboard", async ({ browser }) => {
  // About a minute and a half; longer only on a machine busy with other work, as each sign-in waits for the server.
  test.setTimeout(600_000);
  const students: TestUser[] = await Promise.all(Array.from({ length: LANES }, () => createStudent("Студент Гидратации")));
  const failures: string[] = [];
  let earlyPresses = 0;
  try {
    await Promise.all(
      students.map(async (student, lane) => {
        // Each lane is one browser of one student: after its first sign-in it carries the trusted_browser
        // cookie (never slowed), and only the session cookies are cleared between tries.
        const context = await browser.newContext({ baseURL: E2E_APP_URL, locale: "ru-RU", extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
        const page = await context.newPage();
        await phoneSpeed(context, page);
        let actionSent = false;
        page.on("request", (request) => {
          if (request.headers()["next-action"]) actionSent = true;
        });
        for (let attempt = lane; attempt < SIGN_INS; attempt += LANES) {
          const moment = MOMENTS[attempt % MOMENTS.length];
          const press = PRESSES[Math.floor(attempt / MOMENTS.length) % PRESSES.length];
          const fill = FILLS[Math.floor(attempt / (MOMENTS.length * PRESSES.length)) % FILLS.length];
          await context.clearCookies({ name: /auth-token/ });
          actionSent = false;
          await page.goto("/", { waitUntil: moment === "random" ? "commit" : moment });
          if (moment === "random") await page.waitForTimeout(Math.random() * 1000);
          // `force`: each step happens as soon as its element is there, whatever the page's scripts are doing.
          if (fill === "typed") {
            await page.getByLabel("Email").fill(student.email, { force: true });
            await page.getByLabel("Пароль").fill(student.password, { force: true });
          } else {
            await autofill(page.getByLabel("Email"), student.email);
            await autofill(page.getByLabel("Пароль"), student.password);
          }
          // Whether React has reached the button yet: a press before that is the browser's alone.
          const button = page.getByRole("button", { name: "Войти", exact: true });
          if (!(await button.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))))) earlyPresses++;
          if (press === "Enter") await page.getByLabel("Пароль").press("Enter");
          else await button.click({ force: true });
          const reached = await page.waitForURL(/\/dashboard$/, { timeout: 60_000, waitUntil: "commit" }).then(
            () => true,
            () => false,
          );
          if (!reached) failures.push(`#${attempt} (${moment}, ${fill}, ${press}): still at ${page.url()}, ${actionSent ? "signed in slowly" : "the press was lost"}`);
        }
        await context.close();
      }),
    );
  } finally {
    await Promise.all(students.map((student) => deleteUser(student.id)));
  }
  expect(failures).toEqual([]);
  test.info().annotations.push({ type: "early presses", description: `${earlyPresses} of ${SIGN_INS} came before the form's script` });
  // Else this run never pressed early, and proved nothing about it.
  expect(earlyPresses).toBeGreaterThan(0);
});

test("a studio lesson's title and video edited within its first second are saved exactly, and «Сохранено» shows only then", async ({ page, context }) => {
  test.setTimeout(180_000);
  const tool = await createTool({ lessons: [{ title: "Урок до правки", order_index: 1, video_url: "https://www.youtube.com/embed/aaaaaaaaaaa" }] });
  const lessonId = tool.lessonId("Урок до правки");
  try {
    await useSession(page, "admin");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: E2E_APP_URL });
    await phoneSpeed(context, page, { firstVisit: true });
    for (let round = 1; round <= 5; round++) {
      const title = `Урок после правки ${round}`;
      const link = `https://youtu.be/${String(round).repeat(11)}?t=${round}`;
      await page.goto(`/admin/content/lessons/${lessonId}`, { waitUntil: "commit" });
      const titleField = page.getByLabel("Название урока");
      const typeTitle = async () => {
        await titleField.click();
        await page.keyboard.press("ControlOrMeta+A");
        await page.keyboard.type(title);
      };
      const pasteLink = async () => {
        await page.getByLabel("Видео").click();
        await page.keyboard.press("ControlOrMeta+A");
        await page.evaluate((text) => navigator.clipboard.writeText(text), link);
        await page.keyboard.press("ControlOrMeta+V");
      };
      // Either edit may come first, while the form's script is still on its way.
      if (round % 2) {
        await pasteLink();
        await typeTitle();
      } else {
        await typeTitle();
        await pasteLink();
      }
      // What was typed and pasted is what the fields hold, before and after the form's script arrives.
      await expect(titleField).toHaveValue(title);
      await expect(page.getByLabel("Видео")).toHaveValue(link);
      await page.getByRole("button", { name: "Сохранить урок" }).click({ force: true });

      await expect(toast(page, "Сохранено")).toBeVisible({ timeout: 30_000 });
      const { data } = await service.from("lessons").select("title, video_url").eq("id", lessonId).single();
      expect(data, `round ${round}: the row when «Сохранено» showed`).toEqual({ title, video_url: playerAddress(link) });
      await expect(titleField).toHaveValue(title);
      await expect(page.getByLabel("Видео")).toHaveValue(playerAddress(link));
    }
  } finally {
    await tool.remove();
  }
});
