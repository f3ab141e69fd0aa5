import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, setAccess, unique, type TestUser } from "./helpers/backend";
import { pastePicture } from "./helpers/files";
import { countActions, expectNotHydrated, expectSentOnce, holdScripts, hydrated } from "./helpers/scripts";
import { signInByAction, toast, useSession } from "./helpers/session";

const PDF = Buffer.from("%PDF-1.4\n% Памятка\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const LESSON_PATH = /\/admin\/content\/lessons\/([0-9a-f-]{36})$/;

/** «Привлечение клиентов»: a seeded Product Founder module that has no lessons. */
const EMPTY_MODULE = { id: "c0000000-0000-4000-8000-000000000005", title: "Привлечение клиентов" };
const RUTUBE_ID = "c6cc4d620b1d4338901770a44b3e82f4";

async function moduleLessonTitles() {
  const { data } = await service.from("lessons").select("title").eq("course_module_id", EMPTY_MODULE.id).order("order_index");
  return (data ?? []).map((lesson) => lesson.title);
}

/** The text of a page's main content once its heading has rendered (not the loading skeleton). */
async function mainText(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  return page.getByRole("main").innerText();
}

/** A new lesson starts as a draft (issue 32); `publish` turns the switch on before creating it. */
async function createLessonInStudio(page: Page, title: string, options: { video?: string; publish?: boolean } = {}) {
  await page.goto(`/admin/content/modules/${EMPTY_MODULE.id}`);
  await page.getByRole("link", { name: "Добавить урок" }).click();
  await expect(page.getByRole("button", { name: "Создать урок" })).toBeEnabled();
  await expect(page.getByLabel("Где урок")).toHaveValue(`course_module:${EMPTY_MODULE.id}`);
  await page.getByLabel("Название урока").fill(title);
  if (options.video) await page.getByLabel("Видео").fill(options.video);
  await expect(page.getByRole("switch", { name: "Опубликовано" })).not.toBeChecked();
  if (options.publish) await page.getByRole("switch", { name: "Опубликовано" }).click();
  await page.getByRole("button", { name: "Создать урок" }).click();
  await expect(toast(page, "Сохранено")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/content\/lessons\/[0-9a-f-]{36}$/);
}

test.describe("the course studio", () => {
  let student: TestUser;
  test.beforeAll(async () => {
    student = await createStudent("Студент Студии");
  });
  // Tests of this file run side by side: each removes only the lessons it made.
  const createdTitles: string[] = [];
  test.afterEach(async () => {
    await service.from("lessons").delete().in("title", createdTitles);
  });
  test.afterAll(async () => {
    await deleteUser(student.id);
  });

  test("an admin builds a module's lessons; the student sees them only when unlocked and published, in order; the preview matches", async ({ page, browser }) => {
    const first = unique("Первый урок");
    const second = unique("Второй урок");
    createdTitles.push(first, second);
    await useSession(page, "admin");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Контент курса" }).click();
    await page.getByRole("link", { name: EMPTY_MODULE.title }).click();
    await expect(page.getByText("Уроков пока нет")).toBeVisible();

    // A video from an unsupported host is refused with the supported ones named, and nothing is saved.
    await page.getByRole("link", { name: "Добавить урок" }).click();
    await expect(page.getByRole("button", { name: "Создать урок" })).toBeEnabled();
    await page.getByLabel("Название урока").fill(first);
    await page.getByLabel("Видео").fill("https://example.com/lesson.mp4");
    await page.getByRole("button", { name: "Создать урок" }).click();
    await expect(page.getByLabel("Видео")).toHaveAccessibleDescription("Вставьте ссылку или код видео с YouTube, RuTube, VK Видео, Kinescope или Vimeo");
    expect(await moduleLessonTitles()).toEqual([]);

    // A private RuTube link keeps its key and is previewed as the student will see it.
    await page.getByLabel("Видео").fill(`https://rutube.ru/video/private/${RUTUBE_ID}/?p=secretKey`);
    const embed = `https://rutube.ru/play/embed/${RUTUBE_ID}?p=secretKey`;
    await expect(page.getByTestId("video-preview").locator("iframe")).toHaveAttribute("src", embed);
    await page.getByRole("switch", { name: "Опубликовано" }).click();
    await page.getByRole("button", { name: "Создать урок" }).click();
    await expect(toast(page, "Сохранено")).toBeVisible();
    await expect(page.getByLabel("Видео")).toHaveValue(embed);

    await createLessonInStudio(page, second);
    await page.goto(`/admin/content/modules/${EMPTY_MODULE.id}`);
    const rows = page.getByRole("list", { name: "Уроки модуля" }).getByTestId("sortable-row");
    await expect(rows).toHaveText([new RegExp(first), new RegExp(`${second}.*Черновик`)]);

    // Reorder by keyboard with the move buttons, then back by dragging with the mouse.
    const moveUp = page.getByRole("button", { name: `Переместить выше: ${second}` });
    await expect(moveUp).toHaveAttribute("aria-disabled", "false");
    await moveUp.click();
    await expect(toast(page, "Порядок сохранён")).toBeVisible();
    await expect(rows).toHaveText([new RegExp(second), new RegExp(first)]);
    await expect.poll(moduleLessonTitles).toEqual([second, first]);
    // A list takes the next move once the previous one is saved: it is aria-busy until then.
    const lessonList = page.getByRole("list", { name: "Уроки модуля" });
    await expect(lessonList).toHaveAttribute("aria-busy", "false");
    const handle = page.getByRole("button", { name: `Перетащить: ${first}` });
    const target = await rows.first().boundingBox();
    await handle.hover();
    // Dragging comes with the page and works once the list has hydrated.
    await expect(handle).toHaveAttribute("aria-disabled", "false");
    await page.mouse.down();
    await page.mouse.move(target!.x + 20, target!.y + 5, { steps: 12 });
    await page.mouse.up();
    await expect.poll(moduleLessonTitles).toEqual([first, second]);
    await expect(rows).toHaveText([new RegExp(first), new RegExp(second)]);

    // From the keyboard the focus stays on the button pressed, even as its row moves down.
    await expect(lessonList).toHaveAttribute("aria-busy", "false");
    const moveDown = page.getByRole("button", { name: `Переместить ниже: ${first}` });
    await moveDown.focus();
    await page.keyboard.press("Enter");
    await expect.poll(moduleLessonTitles).toEqual([second, first]);
    await expect(moveDown).toBeFocused();
    await expect(lessonList).toHaveAttribute("aria-busy", "false");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await expect.poll(moduleLessonTitles).toEqual([first, second]);

    // The student: a locked module stays closed; unlocked, only the published lesson shows.
    const studentPage = await browser.newPage();
    await signInByAction(studentPage, student.email, student.password);
    await studentPage.goto(`/product-founder/${EMPTY_MODULE.id}`);
    await expect(studentPage).toHaveURL(/\/product-founder$/);
    await setAccess("module", student.id, EMPTY_MODULE.id, { is_unlocked: true });
    await studentPage.goto("/product-founder");
    await studentPage.getByRole("link", { name: new RegExp(EMPTY_MODULE.title) }).click();
    const studentLessons = studentPage.getByRole("main").getByRole("listitem");
    await expect(studentLessons).toHaveText([new RegExp(`Урок 1\\s*${first}`)]);
    await studentLessons.first().click();
    await expect(studentPage.getByRole("heading", { level: 1, name: first })).toBeVisible();
    await expect(studentPage.locator("iframe")).toHaveAttribute("src", embed);

    // Published, the draft appears in its place.
    await page.getByRole("link", { name: second }).click();
    await expect(page.getByRole("button", { name: "Сохранить урок" })).toBeEnabled();
    await page.getByRole("switch", { name: "Опубликовано" }).click();
    await page.getByRole("button", { name: "Сохранить урок" }).click();
    await expect(toast(page, "Сохранено")).toBeVisible();
    await studentPage.goto(`/product-founder/${EMPTY_MODULE.id}`);
    await expect(studentLessons).toHaveText([new RegExp(`Урок 1\\s*${first}`), new RegExp(`Урок 2\\s*${second}`)]);

    // «Смотреть как студент» shows exactly the student's page, under a banner naming them.
    await page.goto(`/admin?student=${student.id}`);
    await page.getByRole("button", { name: "Смотреть как студент" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const banner = page.getByRole("complementary", { name: "Просмотр глазами студента" });
    await expect(banner).toContainText(student.fullName);
    for (const [path, heading] of [[`/product-founder/${EMPTY_MODULE.id}`, EMPTY_MODULE.title], ["/product-founder", "Product Founder"]]) {
      expect(await mainText(page, path, heading)).toBe(await mainText(studentPage, path, heading));
    }
    await banner.getByRole("button", { name: "Завершить просмотр" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?student=${student.id}$`));
    await page.goto("/product-founder");
    await expect(page.getByRole("complementary", { name: "Просмотр глазами студента" })).toHaveCount(0);

    // Delete asks first and says what goes with the lesson.
    await page.goto(`/admin/content/modules/${EMPTY_MODULE.id}`);
    await page.getByRole("link", { name: second }).click();
    await page.getByRole("button", { name: "Удалить урок" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Больше ничего не удалится.");
    await page.getByRole("alertdialog").getByRole("button", { name: "Удалить" }).click();
    await expect(toast(page, "Удалено")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/content/modules/${EMPTY_MODULE.id}$`));
    expect(await moduleLessonTitles()).toEqual([first]);
    await studentPage.close();
  });

  test("a tool keeps a unique name, and a rename keeps its old address working", async ({ page, browser }) => {
    const tool = await createTool({ lessons: [{ title: unique("Урок"), order_index: 1 }] });
    try {
      await setAccess("tool", student.id, tool.id, { is_unlocked: true });
      await useSession(page, "admin");
      await page.goto(`/admin/content/tools/${tool.id}`);
      // The form takes input once hydrated (its button is disabled until then).
      await expect(page.getByRole("button", { name: "Сохранить" })).toBeEnabled();
      const name = page.getByLabel("Название инструмента");
      await name.fill("LOVABLE");
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(name).toHaveAccessibleDescription("Инструмент с таким названием уже есть");

      const renamed = unique("Переименованный");
      await name.fill(renamed);
      await page.getByRole("button", { name: "Сохранить" }).click();
      await expect(toast(page, "Сохранено")).toBeVisible();
      const studentPage = await browser.newPage();
      await signInByAction(studentPage, student.email, student.password);
      await studentPage.goto(`/tech-founder/${encodeURIComponent(tool.name.toLowerCase())}/${tool.lessons[0].id}`);
      await expect(studentPage).toHaveURL(new RegExp(`/tech-founder/${encodeURIComponent(renamed.toLowerCase())}/${tool.lessons[0].id}$`));
      await expect(studentPage.getByRole("heading", { level: 1, name: tool.lessons[0].title })).toBeVisible();
      await studentPage.close();
    } finally {
      await tool.remove();
    }
  });

  test("from empty: a new tool, a block in it and a lesson in the block, as the student then sees them", async ({ page, browser }) => {
    const toolName = unique("Новый инструмент");
    const blockName = unique("Первый блок");
    const lessonTitle = unique("Урок в блоке");
    try {
      await useSession(page, "admin");
      await page.goto("/admin/content");
      await page.getByRole("link", { name: "Добавить инструмент" }).click();
      await expect(page.getByRole("button", { name: "Создать" })).toBeEnabled();
      await page.getByLabel("Название инструмента").fill("Плохое/имя");
      await page.getByRole("button", { name: "Создать" }).click();
      await expect(page.getByLabel("Название инструмента")).toHaveAccessibleDescription("Название станет адресом страницы: без символов / \\ ? # %");
      await page.getByLabel("Название инструмента").fill(toolName);
      await page.getByRole("button", { name: "Создать" }).click();
      await expect(page.getByRole("heading", { level: 1, name: toolName })).toBeVisible();

      await page.getByRole("link", { name: "Добавить блок" }).click();
      await expect(page.getByRole("button", { name: "Создать" })).toBeEnabled();
      await page.getByLabel("Название блока").fill(blockName);
      await page.getByRole("button", { name: "Создать" }).click();
      await expect(page.getByRole("heading", { level: 1, name: blockName })).toBeVisible();
      await expect(page.getByText("В блоке пока нет уроков")).toBeVisible();

      await page.getByRole("link", { name: "Добавить урок" }).click();
      await expect(page.getByRole("button", { name: "Создать урок" })).toBeEnabled();
      await expect(page.getByLabel("Где урок")).toHaveValue(/^block:/);
      await page.getByLabel("Название урока").fill(lessonTitle);
      await page.getByLabel("Видео").fill('<iframe src="https://kinescope.io/embed/bq3Hd6yZ8tLmXYdeADrGs1" allowfullscreen></iframe>');
      await page.getByRole("button", { name: "Создать урок" }).click();
      await expect(page).toHaveURL(/\/admin\/content\/lessons\/[0-9a-f-]{36}$/);
      await page.getByRole("link", { name: "К списку уроков" }).click();
      await expect(page.getByRole("list", { name: "Уроки блока" })).toContainText(lessonTitle);
      await expect(page.getByRole("list", { name: "Уроки блока" })).toContainText("Черновик");

      // New items start as drafts: an empty tool does not reach students the moment it is created.
      const { data: tool } = await service.from("tech_tools").select("id, is_published").eq("name", toolName).single();
      expect(tool!.is_published).toBe(false);
      await setAccess("tool", student.id, tool!.id, { is_unlocked: true });
      const studentPage = await browser.newPage();
      await signInByAction(studentPage, student.email, student.password);
      await studentPage.goto("/tech-founder");
      await expect(studentPage.getByRole("list", { name: "Инструменты" })).toBeVisible();
      await expect(studentPage.getByText(toolName)).toHaveCount(0);
      await service.from("tech_tools").update({ is_published: true }).eq("id", tool!.id);
      await service.from("modules").update({ is_published: true }).eq("tool_id", tool!.id);
      await service.from("lessons").update({ is_published: true }).eq("tool_id", tool!.id);
      await studentPage.goto(`/tech-founder/${encodeURIComponent(toolName.toLowerCase())}`);
      const block = studentPage.getByRole("region", { name: blockName });
      await expect(block.getByRole("link", { name: new RegExp(`Урок 1\\s*${lessonTitle}`) })).toBeVisible();
      await block.getByRole("link", { name: new RegExp(lessonTitle) }).click();
      await expect(studentPage.locator("iframe")).toHaveAttribute("src", "https://kinescope.io/embed/bq3Hd6yZ8tLmXYdeADrGs1");
      await studentPage.close();
    } finally {
      await service.from("tech_tools").delete().eq("name", toolName);
    }
  });
});

/**
 * A brand-new lesson is created as a draft by the first thing that needs it (issue 43): a picture
 * pasted into its text, a material, the homework switched on. Nothing is refused for want of a
 * save; the page carries on with what was typed and where the focus was, at the lesson's address.
 */
test.describe("a new lesson in the studio", () => {
  let tool: Awaited<ReturnType<typeof createTool>>;
  test.beforeAll(async () => {
    tool = await createTool();
  });
  test.afterAll(async () => {
    const { data: lessons } = await service.from("lessons").select("id").eq("tool_id", tool.id);
    for (const { id } of lessons ?? []) {
      const { data: objects } = await service.storage.from("lesson-materials").list(id);
      const { data: images } = await service.storage.from("lesson-materials").list(`${id}/images`);
      const paths = [...(objects ?? []).filter((object) => object.id).map((object) => `${id}/${object.name}`), ...(images ?? []).map((object) => `${id}/images/${object.name}`)];
      if (paths.length) await service.storage.from("lesson-materials").remove(paths);
    }
    await tool.remove();
  });

  async function openNewLesson(page: Page, title: string) {
    await page.goto(`/admin/content/lessons/new?parent=tool:${tool.id}`);
    await expect(page.getByRole("button", { name: "Создать урок" })).toBeEnabled();
    await page.getByLabel("Название урока").fill(title);
  }

  const lessonsTitled = async (title: string) => (await service.from("lessons").select("id, title, is_published, body_md").eq("title", title)).data ?? [];

  /** The one lesson so titled, a draft, at the page's address now. */
  async function expectDraftAtAddress(page: Page, title: string) {
    await expect(page).toHaveURL(LESSON_PATH);
    const id = page.url().match(LESSON_PATH)![1];
    await expect.poll(() => lessonsTitled(title)).toEqual([expect.objectContaining({ id, title, is_published: false })]);
    return id;
  }

  test("a picture pasted into its text makes it a draft and goes in; the text keeps the focus and one button saves it all", async ({ page }) => {
    const title = unique("Урок с картинкой");
    await useSession(page, "admin");
    await openNewLesson(page, title);
    const published = page.getByRole("switch", { name: "Опубликовано" });
    await expect(published).toHaveAccessibleDescription("Черновик: студенты его не видят. Включите и сохраните, чтобы опубликовать.");
    const body = page.getByLabel("Текст урока");
    await body.fill("# Шаги\n\n");
    await body.press("End");
    await pastePicture(body, "схема.png");
    await expect(body).toHaveValue(/^# Шаги\n\n!\[схема\]\(\/files\/lessons\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}\.png\)$/, { timeout: 30_000 });
    await expect(toast(page, "Урок сохранён как черновик")).toBeVisible();
    const id = await expectDraftAtAddress(page, title);
    expect((await body.inputValue()).includes(`/files/lessons/${id}/images/`)).toBe(true);
    // The same page goes on: what was typed and the focus stay where they were.
    await expect(body).toBeFocused();
    await expect(page.getByLabel("Название урока")).toHaveValue(title);
    await body.pressSequentially("Готово.");

    // One button saves the lesson's text; materials and homework have their own sections.
    await expect(page.getByRole("button", { name: "Создать урок" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Сохранить/ })).toHaveText(["Сохранить урок"]);
    await published.click();
    await expect(published).toHaveAccessibleDescription("Будет опубликован, когда вы сохраните: студенты с доступом его увидят.");
    await page.getByRole("button", { name: "Сохранить урок" }).click();
    await expect(toast(page, "Сохранено")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(published).toHaveAccessibleDescription("Опубликован: студенты с доступом его видят. Выключите и сохраните, чтобы спрятать его в черновик.");
    const [saved] = await lessonsTitled(title);
    expect(saved).toMatchObject({ id, is_published: true });
    expect(saved.body_md).toMatch(/^# Шаги\n\n!\[схема\]\(\/files\/lessons\/.+\.png\)Готово\.$/);
  });

  test("a material uploaded to it makes it a draft and is listed, with nothing else to save first", async ({ page }) => {
    const title = unique("Урок с памяткой");
    await useSession(page, "admin");
    await openNewLesson(page, title);
    await page.getByLabel("Перетащите файлы сюда или выберите").setInputFiles([{ name: "Памятка.pdf", mimeType: "application/pdf", buffer: PDF }]);
    await expect(page.getByLabel("Имя файла «Памятка.pdf»")).toBeVisible({ timeout: 30_000 });
    const id = await expectDraftAtAddress(page, title);
    expect((await service.from("lesson_attachments").select("file_name").eq("lesson_id", id)).data).toEqual([{ file_name: "Памятка.pdf" }]);
    await expect(page.getByLabel("Название урока")).toHaveValue(title);
    await expect(page.getByRole("button", { name: /^Сохранить/ })).toHaveText(["Сохранить урок"]);
    // After a reload the address is the lesson's page, with its material.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByLabel("Имя файла «Памятка.pdf»")).toBeVisible();
  });

  test("the homework switched on makes it a draft, and the assignment saves to it", async ({ page }) => {
    const title = unique("Урок с заданием");
    await useSession(page, "admin");
    await openNewLesson(page, title);
    const homework = page.getByRole("switch", { name: "У урока есть домашнее задание" });
    await homework.click();
    const id = await expectDraftAtAddress(page, title);
    await expect(homework).toBeFocused();
    await page.getByLabel("Что нужно сделать").fill("Пришлите ссылку на прототип");
    await page.getByRole("button", { name: "Сохранить задание" }).click();
    await expect(toast(page, "Сохранено")).toBeVisible();
    await expect
      .poll(async () => (await service.from("assignments").select("lesson_id, instructions_md").eq("lesson_id", id)).data)
      .toEqual([{ lesson_id: id, instructions_md: "Пришлите ссылку на прототип" }]);
    expect(await lessonsTitled(title)).toHaveLength(1);
  });
});

test("«Опубликовано» switched and «Сохранить» pressed before the script: once hydrated, one save with the switch as it was left", async ({ page }) => {
  const tool = await createTool();
  try {
    const { data: stored } = await service.from("tech_tools").select("is_published").eq("id", tool.id).single();
    const switched = !stored!.is_published;
    await useSession(page, "admin");
    const sent = countActions(page, tool.name);
    const scripts = await holdScripts(page);
    await page.goto(`/admin/content/tools/${tool.id}`, { waitUntil: "commit" });
    const published = page.getByRole("switch", { name: "Опубликовано" });
    const save = page.getByRole("button", { name: "Сохранить" });
    await expect(published).toBeChecked({ checked: !switched });
    await expectNotHydrated(scripts, published);

    // The press shows at once, and the save is held by React's own script until the form can act.
    await published.click();
    await expect(published).toBeChecked({ checked: switched });
    await save.click();
    await expect(save).toHaveAttribute("aria-busy", "true");
    expect(await hydrated(save)).toBe(false);
    expect(sent()).toBe(0);

    scripts.release();
    await expect(toast(page, "Сохранено")).toBeVisible();
    await expectSentOnce(page, sent);
    await expect(published).toBeChecked({ checked: switched });
    expect((await service.from("tech_tools").select("is_published").eq("id", tool.id).single()).data).toEqual({ is_published: switched });
  } finally {
    await tool.remove();
  }
});
