import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, findUserId, getAccess, SEEDED, service, setAccess, unique } from "./helpers/backend";
import { signInByAction, signUp, toast, useSession } from "./helpers/session";

async function openStudent(page: Page, email: string) {
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: new RegExp(email) }).click();
  await expect(page).toHaveURL(/student=/);
}

function row(page: Page, label: string) {
  return page.getByTestId("access-row").filter({ hasText: label });
}

test.describe("/admin", () => {
  test("a new sign-up appears in the student list; search, selection in the URL, and the empty prompt", async ({ page, browser }) => {
    const email = `${unique("fresh")}@example.com`;
    const visitor = await browser.newPage();
    await signUp(visitor, "Свежий Студент", email);
    await expect(visitor).toHaveURL(/\/dashboard$/);
    await visitor.close();

    await useSession(page, "admin");
    await page.goto("/admin");
    await expect(page.getByText("Выберите студента для управления доступом")).toBeVisible();
    const list = page.getByRole("complementary", { name: "Студенты" });
    await expect(list.getByRole("link", { name: /Свежий Студент/ })).toContainText(email);
    await expect(list.getByRole("link", { name: new RegExp(SEEDED.admin.email) })).toHaveCount(0);

    await page.getByLabel("Поиск студентов").fill("свежий");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(list.getByRole("list").getByRole("link")).toHaveCount(1);
    await list.getByRole("link", { name: /Свежий Студент/ }).click();
    await expect(page.getByRole("heading", { name: "Доступ студента: Свежий Студент" })).toBeVisible();
    const id = await findUserId(email);
    await expect(page).toHaveURL(new RegExp(`student=${id}`));
    await page.reload();
    await expect(page.getByRole("heading", { name: "Доступ студента: Свежий Студент" })).toBeVisible();
    await expect(page.getByRole("tab")).toHaveText(["Модули", "Инструменты", "Уроки"]);

    await page.getByLabel("Поиск студентов").fill("no-such-student-anywhere");
    await page.getByRole("button", { name: "Найти" }).click();
    await expect(page.getByText("Никого не нашли")).toBeVisible();
    await page.goto("/admin?student=not-a-uuid");
    await expect(page.getByText("Студент не найден")).toBeVisible();
    await deleteUser(id!);
  });

  test("a student without a name is listed as «Без имени» and titled by email", async ({ page }) => {
    const email = `${unique("noname")}@example.com`;
    const { data } = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    await useSession(page, "admin");
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("link", { name: new RegExp(email) })).toContainText("Без имени");
    await page.getByRole("link", { name: new RegExp(email) }).click();
    await expect(page.getByRole("heading", { name: `Доступ студента: ${email}` })).toBeVisible();
    await deleteUser(data.user!.id);
  });

  test("module switches: exact toasts, unlocked_at set and cleared, state after reload, the student's page", async ({ page, browser }) => {
    const student = await createStudent("Модульный Студент");
    const { data: modules } = await service.from("course_modules").select("id, title").order("order_index");
    const [first, second] = modules!;
    await useSession(page, "admin");
    await openStudent(page, student.email);

    const unlock = row(page, first.title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ });
    await expect(unlock).not.toBeChecked();
    await unlock.click();
    await expect(toast(page, "Успешно").filter({ hasText: "Доступ открыт" }).first()).toBeVisible();
    await expect(unlock).toBeChecked();
    await expect.poll(async () => (await getAccess("module", student.id, first.id))?.unlocked_at).toBeTruthy();

    const visibility = row(page, second.title).getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ });
    await expect(visibility).toBeChecked();
    await visibility.click();
    await expect(toast(page, "Успешно").filter({ hasText: "Модуль скрыт" }).first()).toBeVisible();
    await expect.poll(async () => getAccess("module", student.id, second.id)).toMatchObject({ is_visible: false, is_unlocked: false });

    await page.reload();
    await expect(row(page, first.title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ })).toBeChecked();
    await expect(row(page, second.title).getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ })).not.toBeChecked();

    const studentPage = await browser.newPage();
    await signInByAction(studentPage, student.email, student.password);
    await studentPage.goto("/product-founder");
    await expect(studentPage.getByText(second.title)).toHaveCount(0);
    await expect(studentPage.getByRole("listitem").filter({ hasText: first.title })).not.toContainText("Закрыто");

    await row(page, first.title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ }).click();
    await expect(toast(page, "Успешно").filter({ hasText: "Доступ закрыт" }).first()).toBeVisible();
    await expect.poll(async () => getAccess("module", student.id, first.id)).toMatchObject({ is_unlocked: false, unlocked_at: null });
    await row(page, second.title).getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ }).click();
    await expect(toast(page, "Успешно").filter({ hasText: "Модуль показан" }).first()).toBeVisible();

    await studentPage.reload();
    await expect(studentPage.getByText(second.title)).toBeVisible();
    await expect(studentPage.getByRole("listitem").filter({ hasText: first.title })).toContainText("Закрыто");
    await studentPage.close();
    await deleteUser(student.id);
  });

  test("tool and lesson switches, the default-open mark, and the tool becoming clickable", async ({ page, browser }) => {
    const student = await createStudent("Инструментальный Студент");
    const tool = await createTool({ lessons: [{ title: unique("Урок-админ"), order_index: 1 }] });
    const lessonTitle = tool.lessons[0].title;
    await useSession(page, "admin");
    await openStudent(page, student.email);

    await page.getByRole("tab", { name: "Уроки" }).click();
    // Lessons are grouped by tool; a tool without lessons (the seeded Tilda) gets no group.
    const lessonsTab = page.getByRole("tabpanel", { name: "Уроки" });
    await expect(lessonsTab.getByRole("region", { name: tool.name, exact: true })).toContainText(lessonTitle);
    await expect(lessonsTab.getByRole("region", { name: "Lovable", exact: true })).toBeVisible();
    await expect(lessonsTab.getByRole("region", { name: "Tilda" })).toHaveCount(0);
    const lessonRow = row(page, lessonTitle);
    await expect(lessonRow).toContainText("№ 1");
    // The switch shows the lesson's own decision: without a record it follows its tool (docs/product.md),
    // so it is on; the access rule's verdict says the tool keeps it closed.
    await expect(lessonRow).toContainText("Сейчас: закрыт, виден · инструмент закрыт для студента");
    await expect(lessonRow.getByRole("switch", { name: /^Доступ (открыт|закрыт)/ })).toBeChecked();
    await lessonRow.getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ }).click();
    await expect(toast(page, "Успешно").filter({ hasText: "Урок скрыт" }).first()).toBeVisible();
    await expect(lessonRow).toContainText("личная настройка");
    await lessonRow.getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ }).click();
    await expect(toast(page, "Успешно").filter({ hasText: "Урок показан" }).first()).toBeVisible();
    // Hiding and showing it kept it open: the personal record took the state that was in effect.
    await expect(lessonRow.getByRole("switch", { name: `Доступ открыт — ${lessonTitle}` })).toBeChecked();
    await expect.poll(async () => (await getAccess("lesson", student.id, tool.lessons[0].id))?.unlocked_at).toBeTruthy();

    await page.getByRole("tab", { name: "Инструменты" }).click();
    await expect(row(page, "Tilda")).toContainText("№ 6");
    const toolRow = row(page, tool.name);
    await toolRow.getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ }).click();
    await expect(toast(page, "Успешно").filter({ hasText: "Инструмент скрыт" }).first()).toBeVisible();
    await toolRow.getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ }).click();
    await expect(toast(page, "Успешно").filter({ hasText: "Инструмент показан" }).first()).toBeVisible();
    await toolRow.getByRole("switch", { name: /^Доступ (открыт|закрыт)/ }).click();
    await expect(toast(page, "Успешно").filter({ hasText: "Доступ открыт" }).first()).toBeVisible();
    await expect.poll(async () => getAccess("tool", student.id, tool.id)).toMatchObject({ is_unlocked: true, is_visible: true });

    const studentPage = await browser.newPage();
    await signInByAction(studentPage, student.email, student.password);
    await studentPage.goto("/tech-founder");
    await studentPage.getByTestId("tool-card").filter({ hasText: tool.name }).getByRole("link").click();
    await expect(studentPage.getByRole("link", { name: new RegExp(lessonTitle) })).toBeVisible();
    await studentPage.close();
    await tool.remove();
    await deleteUser(student.id);
  });

  test("a failed upsert rolls the switch back and shows the error toast", async ({ page }) => {
    const student = await createStudent("Студент Ошибки");
    const tool = await createTool();
    await useSession(page, "admin");
    await openStudent(page, student.email);
    await page.getByRole("tab", { name: "Инструменты" }).click();
    const unlock = row(page, tool.name).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ });
    await tool.remove();
    await unlock.click();
    await expect(toast(page, "Ошибка")).toContainText("Не удалось изменить доступ");
    await expect(unlock).not.toBeChecked();
    await expect(unlock).toBeEnabled();
    await deleteUser(student.id);
  });

  test("a student replaying the admin's server action changes nothing", async ({ page, browser }) => {
    const student = await createStudent("Хитрый Студент");
    const { data: modules } = await service.from("course_modules").select("id, title").order("order_index");
    await useSession(page, "admin");
    await openStudent(page, student.email);
    const captured = page.waitForRequest((request) => request.method() === "POST" && Boolean(request.headers()["next-action"]));
    await row(page, modules![0].title).getByRole("switch", { name: /Виден студентам|Скрыт от студентов/ }).click();
    const request = await captured;
    await expect(toast(page, "Успешно")).toBeVisible();
    await setAccess("module", student.id, modules![0].id, { is_visible: true });

    const studentContext = await browser.newContext();
    const studentPage = await studentContext.newPage();
    await signInByAction(studentPage, student.email, student.password);
    const body = request.postData()!;
    for (const path of ["/admin", "/dashboard"]) {
      await studentContext.request.post(path, {
        headers: { "next-action": request.headers()["next-action"], "content-type": request.headers()["content-type"] },
        data: body,
        maxRedirects: 0,
      });
    }
    expect(await getAccess("module", student.id, modules![0].id)).toMatchObject({ is_visible: true });
    await studentContext.close();
    await deleteUser(student.id);
  });
});
