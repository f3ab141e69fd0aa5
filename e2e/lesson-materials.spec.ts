import { readFile } from "node:fs/promises";
import { createClient } from "@supabase/supabase-js";
import { expect, test, visitorAddress } from "./fixtures";
import { createStudent, createTool, deleteUser, service, setAccess, type TestUser } from "./helpers/backend";
import { pastePicture } from "./helpers/files";
import { E2E_APP_URL, E2E_BACKEND_URL } from "./helpers/ports";
import { signInByAction, toast, useSession } from "./helpers/session";
import { PUBLISHABLE_KEY } from "../local-backend/keys";

/**
 * A lesson that teaches: the owner writes its text (a heading, a list, a pasted picture) and
 * attaches materials in the studio; the student reads it and downloads them; a student for whom
 * the lesson is locked gets nothing, from the page or from the API.
 */

const PDF = Buffer.from("%PDF-1.4\n% Рабочая тетрадь\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const XLSX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("[Content_Types].xml бюджет")]);

test.describe("lesson materials", () => {
  let tool: Awaited<ReturnType<typeof createTool>>;
  let opener: TestUser;
  let outsider: TestUser;
  let lessonId: string;

  test.beforeAll(async () => {
    tool = await createTool({ lessons: [{ title: "Урок с материалами", order_index: 1 }] });
    lessonId = tool.lessonId("Урок с материалами");
    [opener, outsider] = await Promise.all([createStudent("Студентка Материалова"), createStudent("Студент Посторонний")]);
    await setAccess("tool", opener.id, tool.id, { is_unlocked: true });
  });
  test.afterAll(async () => {
    const { data } = await service.storage.from("lesson-materials").list(lessonId);
    await service.storage.from("lesson-materials").remove((data ?? []).map((object) => `${lessonId}/${object.name}`));
    await tool.remove();
    await Promise.all([deleteUser(opener.id), deleteUser(outsider.id)]);
  });

  test("the owner writes and attaches; the student reads and downloads; a locked student gets nothing", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await useSession(page, "admin");
    await page.goto(`/admin/content/lessons/${lessonId}`);

    // The text, with a picture pasted into it.
    const body = page.getByLabel("Текст урока");
    await body.fill("# Шаги\n\n- Откройте Lovable\n- Создайте проект\n\n");
    await body.press("End");
    await pastePicture(body, "схема.png");
    await expect(body).toHaveValue(/!\[схема\]\(\/files\/lessons\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}\.png\)/, { timeout: 30_000 });
    await page.getByRole("button", { name: "Сохранить урок" }).click();
    await expect(toast(page, "Сохранено")).toBeVisible();

    // Two materials at once, with Cyrillic names.
    await page.getByLabel("Перетащите файлы сюда или выберите").setInputFiles([
      { name: "Рабочая тетрадь.pdf", mimeType: "application/pdf", buffer: PDF },
      { name: "Бюджет проекта.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: XLSX },
    ]);
    const materials = page.getByRole("region", { name: "Материалы урока" }).getByRole("listitem");
    await expect(page.getByLabel("Имя файла «Рабочая тетрадь.pdf»")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel("Имя файла «Бюджет проекта.xlsx»")).toBeVisible({ timeout: 30_000 });
    await expect(materials).toHaveCount(2);

    // What is not a material is refused in Russian, and nothing is kept.
    await page.getByLabel("Перетащите файлы сюда или выберите").setInputFiles([
      { name: "вирус.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ\x90\x00 not a pdf") },
      { name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") },
    ]);
    await expect(page.getByText("Содержимое файла не соответствует его типу — файл не сохранён", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/^Такой файл нельзя прикрепить/)).toBeVisible();
    const { data: rows } = await service.from("lesson_attachments").select("file_name").eq("lesson_id", lessonId).order("order_index");
    expect(rows).toEqual([{ file_name: "Рабочая тетрадь.pdf" }, { file_name: "Бюджет проекта.xlsx" }]);
    const { data: objects } = await service.storage.from("lesson-materials").list(lessonId);
    expect(objects!.filter((object) => object.id).map((object) => object.name)).toHaveLength(2);

    // The student reads the text, sees the picture, and downloads the PDF byte for byte.
    const studentContext = await browser.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
    const studentPage = await studentContext.newPage();
    await signInByAction(studentPage, opener.email, opener.password);
    await studentPage.goto(`/tech-founder/${tool.name.toLowerCase()}/${lessonId}`);
    const lessonBody = studentPage.getByTestId("lesson-body");
    await expect(lessonBody.getByRole("heading", { name: "Шаги" })).toBeVisible();
    await expect(lessonBody.getByRole("listitem")).toHaveText(["Откройте Lovable", "Создайте проект"]);
    const picture = lessonBody.getByRole("img", { name: "схема" });
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    const studentMaterials = studentPage.getByRole("region", { name: "Материалы урока" });
    await expect(studentMaterials.getByRole("link")).toHaveText([/Рабочая тетрадь\.pdf\s*PDF · \d+ байт/, /Бюджет проекта\.xlsx\s*Таблица Excel/]);
    const [download] = await Promise.all([studentPage.waitForEvent("download"), studentMaterials.getByRole("link", { name: /Рабочая тетрадь/ }).click()]);
    expect(download.suggestedFilename()).toBe("Рабочая тетрадь.pdf");
    expect(await readFile((await download.path())!)).toEqual(PDF);
    await studentContext.close();

    // A student for whom the lesson is locked: no page, no file, nothing from Storage's API.
    const lockedContext = await browser.newContext({ baseURL: E2E_APP_URL, extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
    const lockedPage = await lockedContext.newPage();
    await signInByAction(lockedPage, outsider.email, outsider.password);
    await lockedPage.goto(`/tech-founder/${tool.name.toLowerCase()}/${lessonId}`);
    await expect(lockedPage.getByRole("region", { name: "Материалы урока" })).toHaveCount(0);
    const { data: attachment } = await service.from("lesson_attachments").select("id, object_path").eq("file_name", "Рабочая тетрадь.pdf").single();
    const refused = await lockedContext.request.get(`/files/materials/${attachment!.id}`, { maxRedirects: 0 });
    expect(refused.status()).toBe(404);
    expect(await refused.text()).toBe("Файл не найден");
    const picturePath = (await body.inputValue()).match(/\/files\/lessons\/[^)]+/)![0];
    expect((await lockedContext.request.get(picturePath, { maxRedirects: 0 })).status()).toBe(404);
    const api = createClient(E2E_BACKEND_URL, PUBLISHABLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
    expect((await api.auth.signInWithPassword({ email: outsider.email, password: outsider.password })).error).toBeNull();
    expect((await api.storage.from("lesson-materials").createSignedUrl(attachment!.object_path, 60)).data).toBeNull();
    expect((await api.storage.from("lesson-materials").download(attachment!.object_path)).data).toBeNull();
    expect((await api.from("lesson_attachments").select("id").eq("lesson_id", lessonId)).data).toEqual([]);
    await lockedContext.close();
  });
});
