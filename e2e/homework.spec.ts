import type { Browser, Page } from "@playwright/test";
import { expect, test, visitorAddress } from "./fixtures";
import { createPeople, createStudent, createTool, deleteUser, service, setAccess, unique, type TestUser } from "./helpers/backend";
import { E2E_APP_URL } from "./helpers/ports";
import { signInByAction, toast } from "./helpers/session";

/**
 * Learning with feedback: a student hands in text, a link and a file; the curator of their group
 * returns it with a comment; the student hands in again; the curator accepts; the lesson after
 * the stop-lesson opens. A curator of another group never sees the work.
 */

const PDF = Buffer.from("%PDF-1.4\n% Гипотеза\n%%EOF\n");

async function personPage(browser: Browser, person: TestUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_APP_URL, locale: "ru-RU", extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  const page = await context.newPage();
  await signInByAction(page, person.email, person.password);
  return page;
}

test.describe("homework", () => {
  let tool: Awaited<ReturnType<typeof createTool>>;
  let people: Awaited<ReturnType<typeof createPeople>>;
  let otherCurator: TestUser;
  let groupIds: string[];

  test.beforeAll(async () => {
    tool = await createTool({
      lessons: [
        { title: "Гипотеза", order_index: 1 },
        { title: "Лендинг", order_index: 2 },
      ],
    });
    people = await createPeople({ student: "Ученица Домашкина", curator: "Куратор Своей Группы", admin: "Админ Домашкин" });
    otherCurator = await createStudent("Куратор Чужой Группы");
    await service.from("user_roles").insert({ user_id: otherCurator.id, role: "curator" });
    const { data: groups } = await service
      .from("groups")
      .insert([{ name: unique("Домашний поток") }, { name: unique("Чужой поток") }])
      .select("id");
    groupIds = groups!.map((group) => group.id);
    await service.from("group_members").insert({ group_id: groupIds[0], user_id: people.student.id });
    await service.from("group_curators").insert([
      { group_id: groupIds[0], user_id: people.curator.id },
      { group_id: groupIds[1], user_id: otherCurator.id },
    ]);
    await setAccess("tool", people.student.id, tool.id, { is_unlocked: true });
    await service.from("assignments").insert({
      lesson_id: tool.lessonId("Гипотеза"),
      instructions_md: "Сформулируйте **гипотезу** и приложите расчёт",
      accepts_text: true,
      accepts_links: true,
      accepts_files: true,
      is_stop_lesson: true,
    });
  });

  test.afterAll(async () => {
    const { data } = await service.storage.from("homework").list(people.student.id, { limit: 100 });
    for (const folder of data ?? []) {
      const { data: files } = await service.storage.from("homework").list(`${people.student.id}/${folder.name}`);
      await service.storage.from("homework").remove((files ?? []).map((file) => `${people.student.id}/${folder.name}/${file.name}`));
    }
    await tool.remove();
    await service.from("groups").delete().in("id", groupIds);
    await people.remove();
    await deleteUser(otherCurator.id);
  });

  test("hand in, return with a comment, hand in again, accept; the stop-lesson holds the next lesson until then", async ({ browser }) => {
    test.setTimeout(180_000);
    const toolPath = `/tech-founder/${tool.name.toLowerCase()}`;
    const student = await personPage(browser, people.student);

    // Before any work: the lesson after the stop-lesson is closed, and says why.
    await student.goto(toolPath);
    await expect(student.getByRole("link", { name: /Лендинг/ })).toContainText("Откроется после принятия задания урока «Гипотеза»");
    await student.goto(`${toolPath}/${tool.lessonId("Лендинг")}`);
    await expect(student).toHaveURL(new RegExp(`${toolPath}\\?closed=${tool.lessonId("Лендинг")}$`));
    await expect(student.getByRole("status")).toContainText("Урок «Лендинг» пока закрыт. Откроется после принятия задания урока «Гипотеза».");

    // The first attempt: text, a link and a file.
    await student.goto(`${toolPath}/${tool.lessonId("Гипотеза")}`);
    await expect(student.getByRole("heading", { name: "Домашнее задание" })).toBeVisible();
    await expect(student.getByText("гипотезу", { exact: true })).toBeVisible();
    await student.getByLabel("Ответ", { exact: true }).fill("Фаундерам не хватает обратной связи");
    await student.getByRole("button", { name: "Добавить ссылку" }).click();
    await student.getByLabel("Ссылка 1").fill("https://example.com/landing");
    await student.getByText("Прикрепить файлы").setInputFiles({ name: "Расчёт.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(student.getByRole("button", { name: "Убрать «Расчёт.pdf»" })).toBeVisible({ timeout: 30_000 });
    await student.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(toast(student, "Работа отправлена")).toBeVisible();
    await expect(student.getByText("На проверке").first()).toBeVisible();

    // A curator of another group sees nothing of it.
    const stranger = await personPage(browser, otherCurator);
    await stranger.goto("/admin/reviews");
    await expect(stranger.getByRole("link", { name: /Ученица Домашкина/ })).toHaveCount(0);

    // The group's curator takes it and returns it with a comment.
    const curator = await personPage(browser, people.curator);
    // Filtered by their own group, the work is there; by the group they do not curate, nothing is.
    await curator.goto(`/admin/reviews?group=${groupIds[1]}`);
    await expect(curator.getByRole("link", { name: /Ученица Домашкина/ })).toHaveCount(0);
    await curator.goto(`/admin/reviews?group=${groupIds[0]}`);
    await expect(curator.getByRole("link", { name: /Ученица Домашкина/ })).toHaveCount(1);
    await curator.goto("/admin/reviews");
    await curator.getByRole("link", { name: /Ученица Домашкина/ }).first().click();
    await expect(curator.getByText("Фаундерам не хватает обратной связи")).toBeVisible();
    await expect(curator.getByText("https://example.com/landing")).toBeVisible();
    await expect(curator.getByRole("link", { name: /Расчёт\.pdf/ })).toBeVisible();
    await curator.getByRole("button", { name: "Взять в работу" }).click();
    await curator.getByRole("button", { name: "Вернуть на доработку" }).click();
    await curator.getByRole("textbox", { name: /Комментарий/ }).fill("Добавьте, сколько фаундеров вы опросили");
    await curator.getByRole("button", { name: "Вернуть на доработку" }).last().click();
    await expect(toast(curator, "Работа возвращена")).toBeVisible();

    // The student sees the comment, and hands in again.
    await student.reload();
    await expect(student.getByText("Нужно доработать").first()).toBeVisible();
    await expect(student.getByText("Добавьте, сколько фаундеров вы опросили")).toBeVisible();
    await student.getByLabel("Ответ", { exact: true }).fill("Опросил 12 фаундеров: 9 не хватает обратной связи");
    await student.getByRole("button", { name: "Отправить на проверку" }).click();
    await expect(toast(student, "Работа отправлена")).toBeVisible();

    // The curator accepts the second attempt.
    await curator.goto("/admin/reviews");
    await curator.getByRole("link", { name: /Ученица Домашкина/ }).first().click();
    await expect(curator.getByText("Опросил 12 фаундеров: 9 не хватает обратной связи")).toBeVisible();
    await curator.getByRole("button", { name: "Взять в работу" }).click();
    await curator.getByRole("button", { name: "Принять" }).click();
    await expect(toast(curator, "Работа принята")).toBeVisible();

    // Accepted: the lesson counts as passed, and the next one opens.
    await student.reload();
    await expect(student.getByText("Принято").first()).toBeVisible();
    await student.goto(`${toolPath}/${tool.lessonId("Лендинг")}`);
    await expect(student.getByRole("heading", { name: "Лендинг", level: 1 })).toBeVisible();
    const { data: rows } = await service.from("submissions").select("attempt, status, reviewer_id").eq("user_id", people.student.id).order("attempt");
    expect(rows).toEqual([
      { attempt: 1, status: "returned", reviewer_id: people.curator.id },
      { attempt: 2, status: "accepted", reviewer_id: people.curator.id },
    ]);
    const { data: progress } = await service.from("lesson_progress").select("completed_at").eq("user_id", people.student.id).eq("lesson_id", tool.lessonId("Гипотеза")).single();
    expect(progress!.completed_at).not.toBeNull();
  });
});
