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
  await page.getByLabel("Email").focus();
  await page.keyboard.type(SEEDED.student.email);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type(SEEDED.student.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toBeVisible();
});
