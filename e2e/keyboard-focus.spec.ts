import { randomUUID } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, setAccess, type TestUser } from "./helpers/backend";
import { signInByAction, useSession } from "./helpers/session";

/**
 * Issue 43, item 7: the keyboard's way through a page. The first Tab reaches «Перейти к
 * содержимому», which leads past the account bar and the admin's sections into the page's main
 * content; whatever the keyboard focuses shows a ring (a lesson material too, not a faint tint).
 */

async function expectSkipLink(page: Page) {
  // The page itself, not the skeleton it streams in after (the skip link's target is replaced then).
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Перейти к содержимому" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
  await page.keyboard.press("Tab");
  // The next stop is inside <main>, past the bell, «Настройки» and the sections.
  expect(await page.evaluate(() => document.activeElement?.closest("main")?.id)).toBe("main");
}

/** Tabs until `target` has the focus (at most `limit` presses), so :focus-visible is the keyboard's. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let press = 0; press < limit; press++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("the keyboard never reached the element");
}

/** A ring (box-shadow) or an outline of at least 2 px: focus one can see. */
async function expectVisibleFocus(target: Locator) {
  const style = await target.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { shadow: computed.boxShadow, outline: computed.outlineStyle, width: parseFloat(computed.outlineWidth) };
  });
  expect(style.shadow !== "none" || (style.outline !== "none" && style.width >= 2), JSON.stringify(style)).toBe(true);
}

test("the first Tab on a student's page and an admin's page skips to the content", async ({ page }) => {
  await useSession(page, "student");
  await page.goto("/dashboard");
  await expectSkipLink(page);

  await useSession(page, "admin");
  await page.goto("/admin/analytics");
  await expectSkipLink(page);
});

test.describe("focus one can see", () => {
  let tool: Awaited<ReturnType<typeof createTool>>;
  let student: TestUser;

  test.beforeAll(async () => {
    tool = await createTool({ lessons: [{ title: "Урок с тетрадью", order_index: 1 }] });
    student = await createStudent("Студентка Клавиатурова");
    await setAccess("tool", student.id, tool.id, { is_unlocked: true });
    const lessonId = tool.lessonId("Урок с тетрадью");
    // Only the row: the page lists it, and the test never downloads the file.
    const { error } = await service
      .from("lesson_attachments")
      .insert({ lesson_id: lessonId, object_path: `${lessonId}/${randomUUID()}.pdf`, file_name: "Рабочая тетрадь.pdf", size_bytes: 2048, mime_type: "application/pdf" });
    if (error) throw error;
  });
  test.afterAll(async () => {
    await tool.remove();
    await deleteUser(student.id);
  });

  test("a lesson material and the analytics tables show a ring under the keyboard", async ({ page }) => {
    await signInByAction(page, student.email, student.password);
    await page.goto(`/tech-founder/${encodeURIComponent(tool.name.toLowerCase())}/${tool.lessonId("Урок с тетрадью")}`);
    const material = page.getByRole("link", { name: /Рабочая тетрадь\.pdf/ });
    await tabTo(page, material);
    await expectVisibleFocus(material);

    // A table wider than the screen scrolls by keyboard: its region is a named tab stop with a ring.
    await useSession(page, "admin");
    await page.goto("/admin/analytics");
    const region = page.locator('[role="region"][tabindex="0"]').first();
    await expect(region).toHaveAttribute("aria-label", /.+/);
    await tabTo(page, region, 200);
    await expectVisibleFocus(region);
  });
});
