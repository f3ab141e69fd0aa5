import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createTool, SEEDED, service } from "./helpers/backend";
import { toast, useSession } from "./helpers/session";

/**
 * Holds every script asked for after the load event (a form's react-hook-form, loaded on intent by
 * components/client-loading/hydrate-on-intent.tsx) until `release` is called: what the visitor does meanwhile
 * happens on the server's HTML alone.
 */
async function holdLateScripts(page: Page) {
  let loaded = false;
  let released = false;
  const held: (() => void)[] = [];
  const late: string[] = [];
  page.on("load", () => (loaded = true));
  await page.route("**/_next/static/chunks/**", async (route) => {
    if (loaded && !released) {
      late.push(route.request().url());
      await new Promise<void>((resolve) => held.push(resolve));
    }
    await route.continue();
  });
  return {
    late,
    release: () => {
      released = true;
      held.splice(0).forEach((resume) => resume());
    },
  };
}

async function typeCredentialsBeforeTheScript(page: Page) {
  const scripts = await holdLateScripts(page);
  await page.goto("/", { waitUntil: "load" });
  await page.getByLabel("Email").click();
  await page.keyboard.type(SEEDED.student.email);
  await page.getByLabel("Пароль").click();
  await page.keyboard.type(SEEDED.student.password);
  // The form's script was asked for (the focus) and is not here yet.
  await expect.poll(() => scripts.late.length).toBeGreaterThan(0);
  return scripts;
}

test("the landing's form works before its script arrives: typing is kept, a press waits for it", async ({ page }) => {
  const scripts = await typeCredentialsBeforeTheScript(page);
  const submit = page.getByRole("button", { name: "Войти", exact: true });
  await submit.click();
  // Held, not sent by the browser: the page stays until the script can act.
  await expect(page).toHaveURL(/\/$/);

  scripts.release();
  await expect(page.getByLabel("Email")).toHaveValue(SEEDED.student.email);
  await expect(page.getByLabel("Пароль")).toHaveValue(SEEDED.student.password);
  await page.waitForURL("**/dashboard");
});

test("with no script at all, the sign-in form posts itself: the right password signs in, a wrong one comes back to say so", async ({ page }) => {
  await page.route("**/_next/static/chunks/**", (route) => route.abort());
  await page.goto("/");
  await page.getByLabel("Email").fill(SEEDED.student.email);
  await page.getByLabel("Пароль").fill("не-тот-пароль");
  await page.getByRole("button", { name: "Войти", exact: true }).click();
  await expect(page).toHaveURL(/\/\?signin=failed$/);
  await page.getByLabel("Email").fill(SEEDED.student.email);
  await page.getByLabel("Пароль").fill(SEEDED.student.password);
  await page.getByLabel("Пароль").press("Enter");
  await page.waitForURL("**/dashboard");

  // Once the scripts come, the failed post is explained, and the address is clean again.
  await page.unroute("**/_next/static/chunks/**");
  await page.context().clearCookies();
  await page.goto("/?signin=failed");
  await expect(toast(page, "Не удалось войти")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("Enter pressed before the form's script arrives signs in once it has, and the browser never sends the form itself", async ({ page }) => {
  const scripts = await typeCredentialsBeforeTheScript(page);
  await page.keyboard.press("Enter");
  // No native GET: the password never reaches the address.
  await expect(page).toHaveURL(/\/$/);

  scripts.release();
  await page.waitForURL("**/dashboard");
});

test("a button pressed before the form's script arrives takes effect as soon as it has", async ({ page }) => {
  const scripts = await holdLateScripts(page);
  await page.goto("/", { waitUntil: "load" });
  await page.getByRole("button", { name: "Забыли пароль?" }).click();
  await expect.poll(() => scripts.late.length).toBeGreaterThan(0);
  await expect(page.getByRole("button", { name: "Отправить ссылку" })).toHaveCount(0);

  scripts.release();
  await expect(page.getByRole("button", { name: "Отправить ссылку" })).toBeVisible();
  await expect(page.getByLabel("Пароль")).toHaveCount(0);
});

test("a studio form shows the saved values at once, keeps what the owner typed or chose before its script arrived, and saves it", async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Урок до правки", order_index: 1 }] });
  const otherTool = await createTool();
  try {
    await useSession(page, "admin");
    const scripts = await holdLateScripts(page);
    await page.goto(`/admin/content/lessons/${tool.lessonId("Урок до правки")}`, { waitUntil: "load" });
    const title = page.getByLabel("Название урока");
    await expect(title).toHaveValue("Урок до правки");
    await expect(page.getByLabel("Где урок")).toHaveValue(`tool:${tool.id}`);
    await title.click();
    await page.keyboard.press("End");
    await page.keyboard.type(", исправленный");
    await page.getByLabel("Где урок").selectOption(`tool:${otherTool.id}`);
    await expect.poll(() => scripts.late.length).toBeGreaterThan(0);
    await expect(page.getByRole("button", { name: "Сохранить урок" })).toBeDisabled();

    scripts.release();
    await expect(page.getByRole("button", { name: "Сохранить урок" })).toBeEnabled();
    await expect(title).toHaveValue("Урок до правки, исправленный");
    await expect(page.getByLabel("Где урок")).toHaveValue(`tool:${otherTool.id}`);
    await page.getByRole("button", { name: "Сохранить урок" }).click();
    await expect(toast(page, "Сохранено")).toBeVisible();
    const { data } = await service.from("lessons").select("title, tool_id").eq("id", tool.lessonId("Урок до правки")).single();
    expect(data).toEqual({ title: "Урок до правки, исправленный", tool_id: otherTool.id });
  } finally {
    await Promise.all([tool.remove(), otherTool.remove()]);
  }
});

for (const way of ["paste", "drop"] as const) {
test(`a picture (${way}) put into a lesson's text before the form's script arrives is uploaded and inserted once it has`, async ({ page }) => {
  const tool = await createTool({ lessons: [{ title: "Урок с картинкой до скрипта", order_index: 1 }] });
  const lessonId = tool.lessonId("Урок с картинкой до скрипта");
  try {
    await useSession(page, "admin");
    const scripts = await holdLateScripts(page);
    await page.goto(`/admin/content/lessons/${lessonId}`, { waitUntil: "load" });
    const body = page.getByLabel("Текст урока");
    await body.click();
    await expect.poll(() => scripts.late.length).toBeGreaterThan(0);
    // A 1×1 PNG, pasted while the form's script is still held.
    await body.evaluate((field, kind) => {
      const bytes = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (character) => character.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], "схема.png", { type: "image/png" }));
      const init = { bubbles: true, cancelable: true };
      if (kind === "paste") field.dispatchEvent(new ClipboardEvent("paste", { ...init, clipboardData: data }));
      else {
        // Unprevented, a drop would have the browser open the file in place of the page.
        const over = new DragEvent("dragover", { ...init, dataTransfer: data });
        field.dispatchEvent(over);
        if (!over.defaultPrevented) throw new Error("the drop would open the file");
        field.dispatchEvent(new DragEvent("drop", { ...init, dataTransfer: data }));
      }
    }, way);
    await expect(body).toHaveValue("");
    scripts.release();
    await expect(body).toHaveValue(/^!\[схема\]\(\/files\/lessons\/[0-9a-f-]{36}\/images\/[0-9a-f-]{36}\.png\)$/, { timeout: 30_000 });
  } finally {
    const { data } = await service.storage.from("lesson-materials").list(`${lessonId}/images`);
    await service.storage.from("lesson-materials").remove((data ?? []).map((object) => `${lessonId}/images/${object.name}`));
    await tool.remove();
  }
});
}
