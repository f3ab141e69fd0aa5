import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { SEEDED } from "./helpers/backend";
import { useSession } from "./helpers/session";

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the landing page and the student pages fit a phone screen", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Вход" })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await useSession(page, "student");
  const pages = [
    "/dashboard",
    "/product-founder",
    "/product-founder/c0000000-0000-4000-8000-000000000001",
    "/product-founder/c0000000-0000-4000-8000-000000000001/e0000000-0000-4000-8000-000000000002",
    "/tech-founder",
    "/tech-founder/lovable",
    "/tech-founder/lovable/d0000000-0000-4000-8000-000000000001",
  ];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
});

test("the auth form works with the keyboard alone", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("E-mail").focus();
  await page.keyboard.type(SEEDED.student.email);
  // The password is the next stop: the mode switches come after «Войти».
  await page.keyboard.press("Tab");
  await page.keyboard.type(SEEDED.student.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toBeVisible();
});

/** Height and width of what a finger presses: its box, or the hit area a switch spreads around itself. */
async function expectFingerSized(page: Page, selector: string, label: string, { width = true } = {}) {
  const sizes = await page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).offsetParent !== null)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const after = getComputedStyle(element, "::after");
        const spread = after.position === "absolute" ? { x: -parseFloat(after.left), y: -parseFloat(after.top) } : { x: 0, y: 0 };
        return { name: element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40), width: box.width + 2 * spread.x, height: box.height + 2 * spread.y };
      }),
  );
  expect(sizes.length, `${label}: something to press`).toBeGreaterThan(0);
  const small = sizes.filter((size) => size.height < 43.5 || (width && size.width < 43.5));
  expect(small, `${label}: smaller than 44 px`).toEqual([]);
}

test("what a finger presses is 44 px at least: the bell, «Настройки», back links, lesson links, buttons, switches", async ({ page }) => {
  expect(await page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
  await useSession(page, "student");
  await page.goto("/tech-founder/lovable/d0000000-0000-4000-8000-000000000001");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFingerSized(page, 'header a[href="/notifications"], header a[href="/settings"]', "the account bar");
  await expectFingerSized(page, "main header a", "the back link", { width: false });
  await expectFingerSized(page, "main [data-slot=button]", "buttons", { width: false });
  const outline = page.locator("summary", { hasText: "Все уроки" });
  if (await outline.isVisible()) await outline.click();
  await expectFingerSized(page, "main li > a[href^='/tech-founder/']", "the lessons' links", { width: false });
  await page.goto("/settings");
  await expect(page.getByRole("switch").first()).toBeVisible();
  await expectFingerSized(page, "[role=switch]", "the switches");
  await expectFingerSized(page, "main [data-slot=button]", "the settings' buttons", { width: false });
});
