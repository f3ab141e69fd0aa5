import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, setAccess } from "./helpers/backend";
import { signInByAction, toast, useSession } from "./helpers/session";

const MODULE_1 = { id: "c0000000-0000-4000-8000-000000000001", title: "От идеи к проблеме клиента" };

const progressOf = (scope: Locator) => scope.getByTestId("progress").first();

async function lastOpened(userId: string, lessonId: string): Promise<string | null> {
  const { data } = await service.from("lesson_progress").select("last_opened_at").eq("user_id", userId).eq("lesson_id", lessonId).maybeSingle();
  return data?.last_opened_at ?? null;
}

test("a student marks lessons, undoes, sees progress on every list, continues after signing in again; the admin sees it", async ({ page, browser }) => {
  const student = await createStudent("Прогресс Студентов");
  const tool = await createTool({
    lessons: [
      { title: "Урок первый", order_index: 1 },
      { title: "Урок второй", order_index: 2 },
      { title: "Урок третий", order_index: 3 },
    ],
  });
  try {
    await setAccess("tool", student.id, tool.id, { is_unlocked: true });
    await setAccess("lesson", student.id, tool.lessonId("Урок третий"), { is_unlocked: false });
    const base = `/tech-founder/${tool.name.toLowerCase()}`;
    await signInByAction(page, student.email, student.password);

    await page.goto(base);
    await expect(progressOf(page.getByRole("main"))).toContainText("0 из 3 уроков");
    await page.getByRole("main").getByRole("link", { name: /Урок первый/ }).click();
    await expect(page).toHaveTitle(new RegExp(`Урок первый — ${tool.name}`));
    await expect(page.getByText("Урок 1 из 3", { exact: true })).toBeVisible();
    await expect.poll(() => lastOpened(student.id, tool.lessonId("Урок первый"))).not.toBeNull();
    const firstOpened = await lastOpened(student.id, tool.lessonId("Урок первый"));

    // Mark, undo from the toast, mark again.
    const mark = page.getByRole("button", { name: "Отметить пройденным" });
    await mark.click();
    await expect(toast(page, "Урок отмечен пройденным")).toBeVisible();
    const done = page.getByRole("button", { name: "Пройдено" });
    await expect(done).toHaveAttribute("aria-pressed", "true");
    const outline = page.getByRole("complementary", { name: "Все уроки" });
    await expect(outline.getByRole("link", { name: /Урок первый/ }).getByLabel("Пройден")).toBeVisible();
    await toast(page, "Урок отмечен пройденным").getByRole("button", { name: "Отменить" }).click();
    await expect(toast(page, "Отметка снята")).toBeVisible();
    await expect(mark).toHaveAttribute("aria-pressed", "false");
    await expect(outline.getByLabel("Пройден")).toHaveCount(0);
    await mark.click();
    await expect(done).toBeVisible();
    await expect(outline.getByRole("link", { name: /Урок первый/ }).getByLabel("Пройден")).toBeVisible();
    // The page refreshed three times for the marks: none of them counts as opening the lesson again.
    expect(await lastOpened(student.id, tool.lessonId("Урок первый"))).toBe(firstOpened);

    // The lesson opened last is the one to continue.
    await page.getByRole("link", { name: /Следующий урок\s*Урок второй/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Урок второй" })).toBeVisible();

    await page.goto(base);
    await expect(progressOf(page.getByRole("main"))).toContainText("1 из 3 уроков");
    await expect(page.getByRole("main").getByRole("progressbar")).toHaveAttribute("aria-valuenow", "33");
    await expect(page.getByRole("link", { name: /Урок первый/ }).getByLabel("Пройден")).toBeVisible();
    await expect(page.getByRole("link", { name: /Урок третий/ }).getByLabel("Урок закрыт")).toBeVisible();
    await page.goto("/tech-founder");
    await expect(progressOf(page.getByTestId("tool-card").filter({ hasText: tool.name }))).toContainText("1 из 3 уроков");

    // A locked lesson explains itself after its redirect.
    await page.goto(`${base}/${tool.lessonId("Урок третий")}`);
    await expect(page).toHaveURL(new RegExp(`${base}\\?closed=${tool.lessonId("Урок третий")}$`));
    await expect(page.getByRole("status")).toContainText("Урок «Урок третий» пока закрыт");

    await page.goto("/dashboard");
    const tracks = page.getByRole("navigation", { name: "Треки обучения" });
    await expect(progressOf(tracks.getByRole("link", { name: /Tech Founder/ }))).toContainText("1 из 3 уроков");
    await page.getByRole("button", { name: "Выйти" }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInByAction(page, student.email, student.password);
    await page.goto("/dashboard");
    const resume = page.getByRole("link", { name: /Продолжить/ });
    await expect(resume).toContainText("Урок второй");
    await expect(resume).toContainText(tool.name);
    await resume.click();
    await expect(page.getByRole("heading", { level: 1, name: "Урок второй" })).toBeVisible();

    // The admin sees the progress and the last activity, and can list the inactive first.
    const admin = await browser.newPage();
    await useSession(admin, "admin");
    await admin.goto(`/admin?student=${student.id}`);
    const panel = admin.getByRole("region", { name: "Прогресс студента" });
    await expect(panel).toContainText("Последняя активность:");
    await expect(panel).toContainText(tool.name);
    await expect(progressOf(panel)).toContainText("1 из 3 уроков");
    await admin.getByRole("link", { name: "Давно не занимались" }).click();
    await expect(admin).toHaveURL(/sort=activity/);
    await expect(admin.getByRole("link", { name: "Давно не занимались" })).toHaveAttribute("aria-current", "true");
    await admin.close();
  } finally {
    await tool.remove();
    await deleteUser(student.id);
  }
});

test("the seeded student's Product Founder progress shows on the module card and the module's list", async ({ page }) => {
  await useSession(page, "student");
  await page.goto("/product-founder");
  await expect(progressOf(page.getByRole("listitem").filter({ hasText: MODULE_1.title }))).toContainText("1 из 3 уроков");
  await page.getByRole("link", { name: new RegExp(MODULE_1.title) }).click();
  await expect(page).toHaveTitle(new RegExp(MODULE_1.title));
  await expect(progressOf(page.getByRole("main"))).toContainText("1 из 3 уроков");
  await expect(page.getByRole("main").getByRole("listitem").first().getByLabel("Пройден")).toBeVisible();
});
