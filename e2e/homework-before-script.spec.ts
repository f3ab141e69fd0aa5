import { writeFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, setAccess, type TestUser } from "./helpers/backend";
import { dropOn } from "./helpers/files";
import { expectNotHydrated, expectStays, holdScripts, hydrated } from "./helpers/scripts";
import { signInByAction, toast } from "./helpers/session";
import { draftKey } from "../lib/domain/submissions";

/**
 * The homework form is in the lesson page's server HTML: what a student gives it before its
 * script arrives is theirs once it has — files picked or dropped are uploaded and handed in, a
 * press of «Отправить на проверку» is made once, and an answer typed is never replaced by the
 * draft this browser kept.
 */

const PDF = Buffer.from("%PDF-1.4\n% Расчёт\n%%EOF\n");
const LESSONS = ["Файлы до скрипта", "Перетаскивание", "Черновик"] as const;

let tool: Awaited<ReturnType<typeof createTool>>;
let student: TestUser;
const assignments = new Map<string, string>();

test.beforeAll(async () => {
  tool = await createTool({ lessons: LESSONS.map((title, index) => ({ title, order_index: index + 1 })) });
  student = await createStudent("Ранняя Домашка");
  await setAccess("tool", student.id, tool.id, { is_unlocked: true });
  const { data } = await service
    .from("assignments")
    .insert(LESSONS.map((title) => ({ lesson_id: tool.lessonId(title), instructions_md: "Приложите расчёт", accepts_text: true, accepts_links: true, accepts_files: true })))
    .select("id, lesson_id");
  for (const title of LESSONS) assignments.set(title, data!.find((row) => row.lesson_id === tool.lessonId(title))!.id);
});

test.afterAll(async () => {
  const { data } = await service.storage.from("homework").list(student.id, { limit: 100 });
  for (const folder of data ?? []) {
    const { data: files } = await service.storage.from("homework").list(`${student.id}/${folder.name}`);
    await service.storage.from("homework").remove((files ?? []).map((file) => `${student.id}/${folder.name}/${file.name}`));
  }
  await tool.remove();
  await deleteUser(student.id);
});

const lessonPath = (title: (typeof LESSONS)[number]) => `/tech-founder/${tool.name.toLowerCase()}/${tool.lessonId(title)}`;

/** The attempts handed in for the lesson's assignment, with their files' names. */
async function handedIn(title: (typeof LESSONS)[number]) {
  const attempts = await service.from("submissions").select("id, answer_md").eq("assignment_id", assignments.get(title)!).eq("user_id", student.id);
  const files = await service.from("submission_files").select("submission_id, file_name").in("submission_id", (attempts.data ?? []).map((attempt) => attempt.id));
  expect([attempts.error, files.error]).toEqual([null, null]);
  return attempts.data!.map((attempt) => ({
    answer: attempt.answer_md,
    files: files.data!.flatMap((file) => (file.submission_id === attempt.id ? [file.file_name] : [])).sort(),
  }));
}

async function openHeld(page: Page, title: (typeof LESSONS)[number]) {
  await signInByAction(page, student.email, student.password);
  const scripts = await holdScripts(page);
  await page.goto(lessonPath(title), { waitUntil: "commit" });
  return scripts;
}

test("files picked and «Отправить на проверку» pressed before the script: uploaded as the form hydrates, then handed in once with the answer", async ({ page }) => {
  const scripts = await openHeld(page, "Файлы до скрипта");
  const field = page.getByLabel("Прикрепить файлы");
  await expectNotHydrated(scripts, field);

  await page.getByLabel("Ответ", { exact: true }).fill("Расчёт приложен до скрипта");
  await field.setInputFiles({ name: "Расчёт.pdf", mimeType: "application/pdf", buffer: PDF });
  await page.getByRole("button", { name: "Отправить на проверку" }).click();

  scripts.release();
  await expect(toast(page, "Работа отправлена")).toBeVisible({ timeout: 30_000 });
  await expectStays(page, () => handedIn("Файлы до скрипта"), [{ answer: "Расчёт приложен до скрипта", files: ["Расчёт.pdf"] }]);
});

test("a file dropped on «Прикрепить файлы» before the script stays on the page and is uploaded as the form hydrates; after it, a drop is uploaded once", async ({ page }, testInfo) => {
  const [early, late] = [testInfo.outputPath("Чек-лист.pdf"), testInfo.outputPath("Смета.pdf")];
  await Promise.all([writeFile(early, PDF), writeFile(late, PDF)]);
  const scripts = await openHeld(page, "Перетаскивание");
  const field = page.getByLabel("Прикрепить файлы");
  await expectNotHydrated(scripts, field);

  await dropOn(page, page.getByText("Перетащите их сюда"), early);
  await expect.poll(() => field.evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((file) => file.name))).toEqual(["Чек-лист.pdf"]);
  expect(page.url()).toMatch(new RegExp(`${lessonPath("Перетаскивание")}$`));

  scripts.release();
  const attached = page.getByRole("list", { name: "Прикреплённые файлы" }).getByRole("listitem");
  await expect(attached).toHaveText(["Чек-лист.pdf"], { timeout: 30_000 });
  await expect.poll(() => hydrated(field)).toBe(true);

  await dropOn(page, page.getByText("Перетащите их сюда"), late);
  await expect(attached).toHaveText(["Чек-лист.pdf", "Смета.pdf"]);
  await expect(page.getByLabel(/^Загрузка /)).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole("button", { name: "Отправить на проверку" }).click();
  await expect(toast(page, "Работа отправлена")).toBeVisible();
  expect(await handedIn("Перетаскивание")).toEqual([{ answer: "", files: ["Смета.pdf", "Чек-лист.pdf"] }]);
});

test("an answer typed before the script is kept when this browser has a draft; the draft fills only what is still empty", async ({ page }) => {
  await signInByAction(page, student.email, student.password);
  await page.goto(lessonPath("Черновик"));
  const answer = page.getByLabel("Ответ", { exact: true });
  await expect.poll(() => hydrated(answer), { timeout: 30_000 }).toBe(true);
  await answer.fill("Черновик из прошлого раза");
  await page.getByLabel("Ссылка 1").fill("https://example.com/draft");
  const key = draftKey(assignments.get("Черновик")!);
  await expect.poll(() => page.evaluate((name) => localStorage.getItem(name), key)).toContain("https://example.com/draft");

  const scripts = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  await expectNotHydrated(scripts, answer);
  await answer.fill("Набрано до скрипта");

  scripts.release();
  await expect.poll(() => hydrated(answer), { timeout: 30_000 }).toBe(true);
  // The draft fills the empty fields in one reset: once its link shows, the answer has settled.
  await expect(page.getByLabel("Ссылка 1")).toHaveValue("https://example.com/draft");
  await expect(answer).toHaveValue("Набрано до скрипта");
  await expect.poll(() => page.evaluate((name) => JSON.parse(localStorage.getItem(name) ?? "null"), key)).toEqual({
    answer: "Набрано до скрипта",
    links: ["https://example.com/draft"],
  });
});
