import { expect, test } from "./fixtures";
import { createPeople, createTool, service, setAccess } from "./helpers/backend";
import { signInByAction } from "./helpers/session";

/**
 * Quizzes (issue 46): the owner builds a quiz in the studio (a draft until published), a student
 * fails it, retries and passes, and the lesson the quiz stop-lesson held opens. Nothing the student
 * is sent before an attempt holds a right answer of a text question or an explanation.
 */

const SECRET_ANSWER = "Минимально-жизнеспособный-продукт";
const EXPLANATION = "Оплата — единственный честный сигнал спроса";

test.describe("quizzes", () => {
  test.describe.configure({ mode: "serial" });
  let tool: Awaited<ReturnType<typeof createTool>>;
  let people: Awaited<ReturnType<typeof createPeople>>;
  let toolPath: string;

  test.beforeAll(async () => {
    tool = await createTool({
      lessons: [
        { title: "Метрики", order_index: 1 },
        { title: "Эксперименты", order_index: 2 },
      ],
    });
    people = await createPeople({ student: "Ученица Тестова", curator: "Куратор Тестов", admin: "Админ Тестов" });
    await setAccess("tool", people.student.id, tool.id, { is_unlocked: true });
    toolPath = `/tech-founder/${tool.name.toLowerCase()}`;
  });

  test.afterAll(async () => {
    await tool.remove();
    await people.remove();
  });

  test("the owner builds a quiz in the studio and publishes it", async ({ page }) => {
    test.setTimeout(120_000);
    await signInByAction(page, people.admin.email, people.admin.password);
    await page.goto(`/admin/content/lessons/${tool.lessonId("Метрики")}`);
    await page.getByRole("link", { name: "Добавить тест" }).click();
    await expect(page.getByRole("heading", { name: "Тест: Метрики" })).toBeVisible();

    const settings = page.getByRole("form", { name: "Настройки теста" });
    await settings.getByLabel("Проходной балл, %").fill("100");
    await settings.getByLabel("Попыток (пусто — без ограничения)").fill("3");
    await settings.getByLabel(/Стоп-урок/).check();
    await settings.getByRole("button", { name: "Создать тест" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Настройки сохранены" })).toBeVisible();
    await expect(page.getByText("Черновик", { exact: true })).toBeVisible();

    const question = page.getByRole("form", { name: "Новый вопрос" });
    await question.getByLabel("Вопрос (Markdown)").fill("Какой метрикой проверить гипотезу?");
    await question.getByLabel(/Варианты ответа/).fill("Число лайков\n+ Конверсия в оплату\nОхват");
    await question.getByLabel(/Пояснение/).fill(EXPLANATION);
    await question.getByRole("button", { name: "Добавить вопрос" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Вопрос сохранён" })).toBeVisible();
    await expect(page.getByText("Верный ответ: Конверсия в оплату")).toBeVisible();

    // A second question, a text one: the kind's own fields.
    await question.getByLabel("Вид вопроса").selectOption("text");
    await question.getByLabel("Вопрос (Markdown)").fill("Как называется первая версия продукта для проверки спроса?");
    await question.getByLabel(/Верные ответы/).fill(SECRET_ANSWER);
    await question.getByRole("button", { name: "Добавить вопрос" }).click();
    await expect(page.getByText(`Верный ответ: ${SECRET_ANSWER}`)).toBeVisible();

    // Reordered: the text question first, then back.
    await page.getByRole("button", { name: "Выше: вопрос 2" }).click();
    await expect(page.getByRole("heading", { name: "Вопрос 1 · Ответ текстом" })).toBeVisible();
    await page.getByRole("button", { name: "Ниже: вопрос 1" }).click();
    await expect(page.getByRole("heading", { name: "Вопрос 1 · Один верный вариант" })).toBeVisible();

    // The preview shows the questions as the student will, and the draft reaches no student yet.
    await expect(page.getByRole("group", { name: "Предпросмотр теста" }).getByRole("radio", { name: "Охват" })).toBeVisible();
    const { data: draft } = await service.from("quizzes").select("is_published").eq("lesson_id", tool.lessonId("Метрики")).single();
    expect(draft?.is_published).toBe(false);

    await page.getByRole("button", { name: "Опубликовать тест" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Тест опубликован" })).toBeVisible();
    await expect(page.getByText("Опубликован", { exact: true })).toBeVisible();
  });

  test("a student fails, retries and passes; the lesson the quiz held opens", async ({ page }) => {
    test.setTimeout(120_000);
    await signInByAction(page, people.student.email, people.student.password);

    // Held by the quiz stop-lesson, and the list says so.
    await page.goto(`${toolPath}/${tool.lessonId("Эксперименты")}`);
    await expect(page).toHaveURL(new RegExp(`${toolPath}\\?closed=${tool.lessonId("Эксперименты")}$`));
    await expect(page.getByRole("status")).toContainText("Откроется после прохождения теста урока «Метрики»");

    const lessonUrl = `${toolPath}/${tool.lessonId("Метрики")}`;
    // Nothing sent to the student holds the key: not the HTML, not the payload of the page.
    const source = await (await page.request.get(lessonUrl)).text();
    expect(source).toContain("Какой метрикой проверить гипотезу?");
    expect(source).not.toContain(SECRET_ANSWER);
    expect(source).not.toContain(EXPLANATION);
    expect(source).not.toMatch(/"correct"/);

    await page.goto(lessonUrl);
    await expect(page.getByRole("heading", { name: "Тест" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Отметить пройденным" })).toHaveCount(0);

    // Answers in progress survive a reload.
    await page.getByRole("radio", { name: "Число лайков" }).check();
    await page.getByRole("textbox", { name: "Ваш ответ" }).fill("прототип");
    await page.reload();
    await expect(page.getByRole("radio", { name: "Число лайков" })).toBeChecked();
    await expect(page.getByRole("textbox", { name: "Ваш ответ" })).toHaveValue("прототип");

    // A wrong attempt: the grade, which questions were wrong, the explanation, the attempts left.
    await page.getByRole("button", { name: "Отправить ответы" }).click();
    await expect(page.getByText(/Тест не пройден: 0 из 2 баллов/)).toBeVisible();
    // The focus moves to the result, so a screen reader reads it and the keyboard goes on from there.
    await expect(page).toHaveURL(/\?attempt=[\w-]+$/);
    await expect(page.getByText(/Тест не пройден: 0 из 2 баллов/)).toBeFocused();
    await expect(page.getByText("Вопрос 1: неверно")).toBeVisible();
    await expect(page.getByText(EXPLANATION)).toBeVisible();
    await expect(page.getByText("Осталось: 2 попытки из 3.")).toBeVisible();
    const afterFirst = await (await page.request.get(lessonUrl)).text();
    expect(afterFirst).not.toContain(SECRET_ANSWER);

    // «Пройти ещё раз», right this time (case and spaces do not matter).
    await page.getByText("Пройти ещё раз").click();
    await page.getByRole("radio", { name: "Конверсия в оплату" }).check();
    await page.getByRole("textbox", { name: "Ваш ответ" }).fill(`  ${SECRET_ANSWER.toLowerCase()} `);
    await page.getByRole("button", { name: "Отправить ответы" }).click();
    await expect(page.getByText(/Тест пройден: 2 из 2 баллов/)).toBeVisible();
    await expect(page.getByText(/Тест пройден: 2 из 2 баллов/)).toBeFocused();
    await expect(page.getByText("Урок пройден: тест сдан")).toBeVisible();

    // The held lesson opens.
    await page.goto(`${toolPath}/${tool.lessonId("Эксперименты")}`);
    await expect(page.getByRole("heading", { name: "Эксперименты", level: 1 })).toBeVisible();
    const { data: attempts } = await service.from("quiz_attempts").select("attempt, passed").eq("user_id", people.student.id).order("attempt");
    expect(attempts).toEqual([
      { attempt: 1, passed: false },
      { attempt: 2, passed: true },
    ]);
    // A later visit shows the grade and leaves the focus alone.
    await page.goto(lessonUrl);
    await expect(page.getByText(/Тест пройден/)).toBeVisible();
    await expect(page.getByText(/Тест пройден/)).not.toBeFocused();
  });

  test("the owner sees per question the share answered right", async ({ page }) => {
    await signInByAction(page, people.admin.email, people.admin.password);
    await page.goto("/admin/analytics");
    const panel = page.getByRole("region", { name: "Тесты" });
    await expect(panel.getByRole("heading", { name: /Метрики/ })).toBeVisible();
    const table = panel.getByRole("table", { name: "Вопросы теста урока «Метрики»" });
    // Two attempts: the first question wrong, then right; the second the same.
    await expect(table.getByRole("row", { name: /Какой метрикой проверить гипотезу\?/ })).toContainText("50 %");
    await expect(table.getByRole("row", { name: /Как называется первая версия/ })).toContainText("2");
  });

  test("before the script, the browser's own post comes back with the focus on the grade, and hydration leaves the focus where the person put it", async ({ page }) => {
    await signInByAction(page, people.student.email, people.student.password);
    // Every script of the page waits until released: the page is its server HTML, and the browser posts the form itself.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_next/static/chunks/**", async (route) => {
      if (new URL(route.request().url()).pathname.endsWith(".js")) await released;
      await route.continue();
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.headers()["next-action"] ? "React" : "browser");
    });
    await page.goto(`${toolPath}/${tool.lessonId("Метрики")}`, { waitUntil: "commit" });
    await page.getByText("Пройти ещё раз").click();
    await page.getByRole("radio", { name: "Число лайков" }).check();
    await page.getByRole("textbox", { name: "Ваш ответ" }).fill("прототип");
    await page.getByRole("button", { name: "Отправить ответы" }).click();
    await expect(page).toHaveURL(/\?attempt=[\w-]+$/);
    const grade = page.getByText(/Тест не пройден: 0 из 2 баллов/);
    await expect(grade).toBeFocused();
    await expect(page.getByText("Попытки закончились.")).toBeVisible();
    expect(posts).toEqual(["browser"]);

    // The person moves on before the script arrives; hydration does not pull the focus back.
    await page.keyboard.press("Tab");
    await expect(grade).not.toBeFocused();
    release();
    await expect.poll(() => grade.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__react")))).toBe(true);
    await page.waitForTimeout(500);
    await expect(grade).not.toBeFocused();
  });

  test("a change to a question deleted meanwhile says it failed, and a deleted quiz says it is gone", async ({ page }) => {
    const lessonId = tool.lessonId("Эксперименты");
    const quiz = (await service.from("quizzes").insert({ lesson_id: lessonId }).select("id").single()).data!;
    const question = (
      await service.from("quiz_questions").insert({ quiz_id: quiz.id, kind: "text", prompt_md: "Что проверяем первым?", correct: ["спрос"] }).select("id").single()
    ).data!;
    await signInByAction(page, people.admin.email, people.admin.password);
    await page.goto(`/admin/content/lessons/${lessonId}/quiz`);
    await service.from("quiz_questions").delete().eq("id", question.id);
    await page.getByRole("button", { name: "Удалить: вопрос 1" }).click();
    await expect(page).toHaveURL(/\/admin\/content\?result=failed$/);
    await expect(page.getByRole("alert").filter({ hasText: "Не удалось сохранить изменение теста" })).toBeVisible();

    await page.goto(`/admin/content/lessons/${lessonId}/quiz`);
    await page.getByText("Удалить тест…").click();
    await page.getByRole("button", { name: "Удалить тест насовсем" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Тест удалён" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Добавить тест" })).toBeVisible();
  });
});
