import { writeFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { createTool, service } from "./helpers/backend";
import { dropOn, PNG } from "./helpers/files";
import { expectNotHydrated, expectStays, holdScripts, hydrated } from "./helpers/scripts";
import { useSession } from "./helpers/session";

/** The studio's controls that take what a person gives them before the page's script arrives. */

const PDF = Buffer.from("%PDF-1.4\n% Чек-лист\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

test("a material dropped on the drop zone before the page's script stays on the page and is uploaded once it hydrates", async ({ page }, testInfo) => {
  const tool = await createTool({ lessons: [{ title: "Урок с чек-листом", order_index: 1 }] });
  const lessonId = tool.lessonId("Урок с чек-листом");
  const attached = async () => (await service.from("lesson_attachments").select("file_name").eq("lesson_id", lessonId).order("order_index")).data;
  try {
    const [early, late] = [testInfo.outputPath("Чек-лист запуска.pdf"), testInfo.outputPath("Смета.pdf")];
    await Promise.all([writeFile(early, PDF), writeFile(late, PDF)]);
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/lessons/${lessonId}`, { waitUntil: "commit" });
    const field = page.getByLabel("Перетащите файлы сюда или выберите");
    await expectNotHydrated(scripts, field);

    await dropOn(page, page.getByText("Перетащите файлы сюда или выберите"), early);
    await expect.poll(() => field.evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((picked) => picked.name))).toEqual(["Чек-лист запуска.pdf"]);
    expect(page.url()).toMatch(new RegExp(`/admin/content/lessons/${lessonId}$`));

    scripts.release();
    await expect(page.getByLabel("Имя файла «Чек-лист запуска.pdf»")).toBeVisible({ timeout: 30_000 });
    expect(await attached()).toEqual([{ file_name: "Чек-лист запуска.pdf" }]);

    // Once hydrated, a drop is the component's own: uploaded once.
    await dropOn(page, page.getByText("Перетащите файлы сюда или выберите"), late);
    await expect(page.getByLabel("Имя файла «Смета.pdf»")).toBeVisible({ timeout: 30_000 });
    await expectStays(page, attached, [{ file_name: "Чек-лист запуска.pdf" }, { file_name: "Смета.pdf" }]);
  } finally {
    const { data } = await service.storage.from("lesson-materials").list(lessonId);
    await service.storage.from("lesson-materials").remove((data ?? []).map((object) => `${lessonId}/${object.name}`));
    await tool.remove();
  }
});

test("a quiz question's kind chosen before the page's script shows that kind's fields, and the question saves without the script", async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Урок с тестом", order_index: 1 }] });
  const lessonId = tool.lessonId("Урок с тестом");
  try {
    const quiz = (await service.from("quizzes").insert({ lesson_id: lessonId }).select("id").single()).data!;
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/lessons/${lessonId}/quiz`, { waitUntil: "commit" });
    const question = page.getByRole("form", { name: "Новый вопрос" });
    const kind = question.getByLabel("Вид вопроса");
    await expectNotHydrated(scripts, kind);
    await expect(question.getByLabel(/Варианты ответа/)).toBeVisible();
    await expect(question.getByLabel(/Верное число/)).toBeHidden();

    await kind.selectOption("number");
    await expect(question.getByLabel(/Варианты ответа/)).toBeHidden();
    await question.getByLabel("Вопрос (Markdown)").fill("Сколько интервью провести до прототипа?");
    await question.getByLabel("Верное число").fill("10");
    await question.getByLabel(/Допуск/).fill("2");
    await question.getByRole("button", { name: "Добавить вопрос" }).click();

    // The browser posted the form itself: the page that came back shows the question, scripts still held.
    await expect(page.getByText("Верный ответ: 10 ± 2")).toBeVisible();
    const { data: saved } = await service.from("quiz_questions").select("kind, prompt_md, correct").eq("quiz_id", quiz.id);
    expect(saved).toEqual([{ kind: "number", prompt_md: "Сколько интервью провести до прототипа?", correct: { value: 10, tolerance: 2 } }]);
    scripts.release();
  } finally {
    await tool.remove();
  }
});

test("a picture dropped on a lesson's text before the page's script never takes the page away; once hydrated, one goes into the text", async ({ page }, testInfo) => {
  const tool = await createTool({ lessons: [{ title: "Урок со схемой", order_index: 1 }] });
  const lessonId = tool.lessonId("Урок со схемой");
  try {
    const picture = testInfo.outputPath("схема.png");
    await writeFile(picture, PNG);
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/lessons/${lessonId}`, { waitUntil: "commit" });
    const body = page.getByLabel("Текст урока");
    await expectNotHydrated(scripts, body);
    // The browser's own default for a file dropped on a page is to open it in the tab, leaving the page:
    // a listener added after the page's first script sees whether anything kept the drop.
    await page.evaluate(() => {
      const seen: boolean[] = [];
      const refused: string[] = [];
      Object.assign(window, { dropsKept: seen, dropsRefused: refused });
      addEventListener("drop", (event) => seen.push(event.defaultPrevented));
      addEventListener("dragover", (event) => {
        if (event.defaultPrevented) refused.push(event.dataTransfer!.dropEffect);
      });
    });
    // On the page itself, where no field takes a file, the drop is refused: no drop, nothing opens.
    await dropOn(page, page.getByRole("heading", { level: 1 }), picture);
    const refused = () => page.evaluate(() => (window as unknown as { dropsRefused: string[] }).dropsRefused);
    await expect.poll(async () => (await refused()).length).toBeGreaterThan(0);
    expect(new Set(await refused())).toEqual(new Set(["none"]));
    expect(await page.evaluate(() => (window as unknown as { dropsKept: boolean[] }).dropsKept)).toEqual([]);
    await body.fill("# Шаги\n\nНабрано до скрипта");
    await dropOn(page, body, picture);
    await expect.poll(() => page.evaluate(() => (window as unknown as { dropsKept: boolean[] }).dropsKept)).toEqual([true]);
    expect(page.url()).toMatch(new RegExp(`/admin/content/lessons/${lessonId}$`));
    await expect(body).toHaveValue("# Шаги\n\nНабрано до скрипта");

    scripts.release();
    await expect.poll(() => hydrated(body), { timeout: 30_000 }).toBe(true);
    await body.press("End");
    await dropOn(page, body, picture);
    await expect(body).toHaveValue(/^# Шаги\n\nНабрано до скрипта!\[схема\]\(\/files\/lessons\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}\.png\)$/, { timeout: 30_000 });
  } finally {
    const { data } = await service.storage.from("lesson-materials").list(`${lessonId}/images`);
    await service.storage.from("lesson-materials").remove((data ?? []).map((object) => `${lessonId}/images/${object.name}`));
    await tool.remove();
  }
});
