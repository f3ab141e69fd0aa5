import type { Locator, Page, Route } from "@playwright/test";
import { NO_CONNECTION } from "../components/forms/no-connection";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, findUserId, service, setAccess, unique, type TestUser } from "./helpers/backend";
import { hydrated } from "./helpers/scripts";
import { signInByAction, toast, useSession } from "./helpers/session";

/**
 * A form posted to a server action (useSafeActionState) whose post React makes after hydration and
 * the connection drops: «нет связи» in a toast, never the error screen, what was typed stays in the
 * fields, and a second press once the connection is back goes through.
 */

/** Drops every server action's post, as a lost connection does, until the returned function brings it back. */
async function loseConnection(page: Page) {
  const handler = (route: Route) => (route.request().headers()["next-action"] ? route.abort("internetdisconnected") : route.fallback());
  await page.route("**/*", handler);
  return () => page.unroute("**/*", handler);
}

/**
 * The form hydrated and its guarded action in place: React's props come with the hydration render,
 * the action that says «нет связи» a render later (useSafeActionState), in that render's passive
 * effects, which React runs before the second frame after it.
 */
async function expectGuarded(page: Page, control: Locator) {
  await expect.poll(() => hydrated(control)).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

async function expectNoConnection(page: Page) {
  await expect(toast(page, "Ошибка")).toContainText(NO_CONNECTION);
  await expect(page.getByRole("heading", { name: "Не удалось загрузить страницу" })).toHaveCount(0);
}

test("the sign-in form: «нет связи», the e-mail and password kept, and the second press signs in", async ({ page }) => {
  const student = await createStudent("Студентка Без Связи");
  try {
    await page.goto("/");
    const signInButton = page.getByRole("button", { name: "Войти", exact: true });
    await expectGuarded(page, signInButton);
    await page.getByLabel("E-mail").fill(student.email);
    await page.getByLabel("Пароль").fill(student.password);
    const reconnect = await loseConnection(page);
    await signInButton.click();

    await expectNoConnection(page);
    await expect(page.getByRole("heading", { name: "Вход", exact: true })).toBeVisible();
    await expect(page.getByLabel("E-mail")).toHaveValue(student.email);
    await expect(page.getByLabel("Пароль")).toHaveValue(student.password);
    await expect(signInButton).not.toHaveAttribute("aria-busy", "true");

    await reconnect();
    await signInButton.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    await deleteUser(student.id);
  }
});

test("registration: «нет связи» leaves the form in its mode with every field, the consent too", async ({ page }) => {
  const email = `${unique("lost-connection")}@example.com`;
  await page.goto("/");
  const register = page.getByRole("button", { name: "Зарегистрироваться" });
  await expectGuarded(page, register);
  await register.click();
  await expect(page.getByRole("heading", { name: "Регистрация", exact: true })).toBeVisible();
  await page.getByLabel("Имя").fill("Анна Связная");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Пароль").fill("password123");
  await page.getByLabel(/согласие на обработку/).check();
  await loseConnection(page);
  await page.getByRole("button", { name: "Зарегистрироваться" }).click();

  await expectNoConnection(page);
  await expect(page.getByRole("heading", { name: "Регистрация", exact: true })).toBeVisible();
  await expect(page.getByLabel("Имя")).toHaveValue("Анна Связная");
  await expect(page.getByLabel("E-mail")).toHaveValue(email);
  await expect(page.getByLabel("Пароль")).toHaveValue("password123");
  await expect(page.getByLabel(/согласие на обработку/)).toBeChecked();
});

test("a quiz: «нет связи», the answers kept, and the second press grades them", async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Гипотезы", order_index: 1 }] });
  const student = await createStudent("Студент С Тестом");
  try {
    const lessonId = tool.lessonId("Гипотезы");
    const quiz = (await service.from("quizzes").insert({ lesson_id: lessonId }).select("id").single()).data!;
    await service.from("quiz_questions").insert({ quiz_id: quiz.id, kind: "text", prompt_md: "Что проверяем первым?", correct: ["спрос"] });
    await service.from("quizzes").update({ is_published: true }).eq("id", quiz.id);
    await setAccess("tool", student.id, tool.id, { is_unlocked: true });
    await signInByAction(page, student.email, student.password);
    await page.goto(`/tech-founder/${tool.name.toLowerCase()}/${lessonId}`);

    const send = page.getByRole("button", { name: "Отправить ответы" });
    await expectGuarded(page, send);
    const answer = page.getByRole("textbox", { name: "Ваш ответ" });
    await answer.fill("спрос");
    const reconnect = await loseConnection(page);
    await send.click();

    await expectNoConnection(page);
    await expect(answer).toHaveValue("спрос");
    expect((await service.from("quiz_attempts").select("id").eq("user_id", student.id)).data).toEqual([]);

    await reconnect();
    await send.click();
    await expect(page.getByText(/Тест пройден/)).toBeVisible();
  } finally {
    await tool.remove();
    await deleteUser(student.id);
  }
});

/** «Настройки» signed in as the student, «Удалить аккаунт» unfolded and its form hydrated, the account's e-mail typed. */
async function typeDeletion(page: Page, student: TestUser) {
  await signInByAction(page, student.email, student.password);
  await page.goto("/settings");
  await page.locator("summary").filter({ hasText: "Удалить аккаунт" }).click();
  await expectGuarded(page, page.getByRole("button", { name: "Удалить навсегда" }));
  const field = page.getByLabel("E-mail аккаунта");
  await field.fill(student.email);
  return field;
}

test("deleting the account: «нет связи» deletes nothing and keeps the e-mail typed; the second press deletes", async ({ page }) => {
  const student = await createStudent("Студентка Уходит Без Связи");
  try {
    const field = await typeDeletion(page, student);
    const deleteButton = page.getByRole("button", { name: "Удалить навсегда" });
    const reconnect = await loseConnection(page);
    await deleteButton.click();

    await expectNoConnection(page);
    await expect(field).toHaveValue(student.email);
    expect(await findUserId(student.email)).toBe(student.id);

    await reconnect();
    await deleteButton.click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect(toast(page, "Аккаунт удалён")).toBeVisible();
    expect(await findUserId(student.email)).toBeNull();
  } finally {
    await deleteUser(student.id);
  }
});

test("«Отмена» still empties the deletion's field once the page has its script", async ({ page }) => {
  const student = await createStudent("Студентка Передумала");
  try {
    const field = await typeDeletion(page, student);
    await page.getByRole("button", { name: "Отмена" }).click();
    await expect(field).toBeHidden();
    await page.locator("summary").filter({ hasText: "Удалить аккаунт" }).click();
    await expect(field).toHaveValue("");
  } finally {
    await deleteUser(student.id);
  }
});

test("an admin's new promo code: «нет связи» creates nothing and keeps the code typed; the second press creates it", async ({ page }) => {
  const code = `LOST-${Date.now()}`;
  try {
    await useSession(page, "admin");
    await page.goto("/admin/promo-codes");
    const form = page.getByRole("form", { name: "Новый промокод" });
    const create = form.getByRole("button", { name: "Создать промокод" });
    await expectGuarded(page, create);
    await form.getByLabel("Код").fill(code);
    await form.getByLabel("Размер скидки").fill("10");
    const reconnect = await loseConnection(page);
    await create.click();

    await expectNoConnection(page);
    await expect(form.getByLabel("Код")).toHaveValue(code);
    await expect(form.getByLabel("Размер скидки")).toHaveValue("10");
    expect((await service.from("promo_codes").select("code").eq("code", code)).data).toEqual([]);

    await reconnect();
    await create.click();
    await expect(page.getByTestId("promo-row").filter({ hasText: code })).toBeVisible();
  } finally {
    await service.from("promo_codes").delete().eq("code", code);
  }
});

test("a server page's plain form («Отметить все прочитанными»): «нет связи» leaves the page and the list; the second press marks them", async ({ page }) => {
  const student = await createStudent("Студент Уведомлений Без Связи");
  try {
    await service.from("notifications").insert({ user_id: student.id, kind: "welcome" });
    await signInByAction(page, student.email, student.password);
    await page.goto("/notifications");
    const markAll = page.getByRole("button", { name: "Отметить все прочитанными" });
    await expectGuarded(page, markAll);
    const reconnect = await loseConnection(page);
    await markAll.click();

    await expectNoConnection(page);
    await expect(markAll).toBeVisible();
    const unread = async () => (await service.from("notifications").select("id").eq("user_id", student.id).is("read_at", null)).data!.length;
    expect(await unread()).toBeGreaterThan(0);

    await reconnect();
    await markAll.click();
    await expect.poll(unread).toBe(0);
    await expect(markAll).toHaveCount(0);
  } finally {
    await deleteUser(student.id);
  }
});

test("a server page's form keeps its state through «нет связи», and the second press saves it and follows the action's redirect", async ({ page }) => {
  const tool = await createTool();
  const issues = async () => (await service.from("tech_tools").select("issues_certificate").eq("id", tool.id).single()).data!.issues_certificate;
  try {
    const before = await issues();
    await useSession(page, "admin");
    await page.goto(`/admin/content/tools/${tool.id}`);
    const form = page.getByRole("form", { name: "Сертификат" });
    const checkbox = form.getByLabel("Выдавать сертификат");
    const apply = form.getByRole("button", { name: "Применить" });
    await expectGuarded(page, apply);
    await checkbox.setChecked(!before);
    const reconnect = await loseConnection(page);
    await apply.click();

    await expectNoConnection(page);
    // React empties a form after its action: after a lost post it keeps what the person chose.
    await expect(checkbox).toBeChecked({ checked: !before });
    expect(await issues()).toBe(before);

    await reconnect();
    await apply.click();
    await expect(page).toHaveURL(/[?&]certificate=saved/);
    await expect.poll(issues).toBe(!before);
  } finally {
    await tool.remove();
  }
});
