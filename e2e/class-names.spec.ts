import type { Page } from "@playwright/test";
import { twMerge } from "tailwind-merge";
import { expect, test } from "./fixtures";
import { SEEDED } from "./helpers/backend";
import { useSession } from "./helpers/session";

/**
 * `cn` (lib/utils.ts) lets a className override a component's own class for the same style; a
 * class list written without it that carries two classes for one style (two heights, two
 * backgrounds) would leave the winner to the stylesheet's order. tailwind-merge finds such pairs
 * on every element of the rendered pages.
 */
async function expectNoCompetingClasses(page: Page) {
  const classLists = await page.evaluate(() => [...new Set([...document.querySelectorAll("[class]")].map((element) => element.getAttribute("class") ?? ""))]);
  const competing = classLists
    .map((classList) => ({ classList, dropped: classList.split(/\s+/).filter(Boolean).filter((name) => !twMerge(classList).split(" ").includes(name)) }))
    .filter(({ dropped }) => dropped.length > 0);
  expect(competing, page.url()).toEqual([]);
}

const MODULE = "c0000000-0000-4000-8000-000000000001";

test("no element of the public and student pages carries two classes for the same style", async ({ page }) => {
  for (const path of ["/", "/auth/code?email=student%40example.com", "/auth/link-expired"]) {
    await page.goto(path);
    await expectNoCompetingClasses(page);
  }
  await useSession(page, "student");
  for (const path of ["/dashboard", "/product-founder", `/product-founder/${MODULE}`, `/product-founder/${MODULE}/e0000000-0000-4000-8000-000000000001`, "/tech-founder", "/tech-founder/lovable", "/tech-founder/lovable/d0000000-0000-4000-8000-000000000002"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoCompetingClasses(page);
  }
});

test("no element of the admin pages, their dialogs included, carries two classes for the same style", async ({ page }) => {
  await useSession(page, "admin");
  for (const path of [`/admin?student=${SEEDED.student.id}`, "/admin/groups", "/admin/groups/f0000000-0000-4000-8000-000000000001", "/admin/content", "/admin/content/lessons/e0000000-0000-4000-8000-000000000002"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoCompetingClasses(page);
  }
  await page.goto(`/admin/content/modules/${MODULE}`);
  await page.getByRole("button", { name: /^Удалить модуль/ }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await expectNoCompetingClasses(page);
});
