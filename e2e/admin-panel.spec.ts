import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStudent, deleteUser, getAccess, lettersOf, service, uniqueName, type TestUser } from "./helpers/backend";
import { expectNotHydrated, expectStays, holdScripts } from "./helpers/scripts";
import { toast, useSession } from "./helpers/session";

/** The admin panel under a realistic backend distance: no stale writes, keyboard and confirmations. */

const modulesInOrder = async () => (await service.from("course_modules").select("id, title").order("order_index")).data!;

function row(page: Page, label: string) {
  return page.getByTestId("access-row").filter({ hasText: label });
}

/** Counts the server actions the page sends. */
function actionsSent(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) sent.push(request.postData() ?? "");
  });
  return sent;
}

/** Holds back the page's requests to /admin that `match` picks by `ms`, as a distant backend would. */
async function delay(page: Page, match: (url: URL, method: string) => boolean, ms: number) {
  await page.route(/\/admin(\?|$)/, async (route) => {
    if (match(new URL(route.request().url()), route.request().method())) await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fallback();
  });
}

let first: TestUser;
let second: TestUser;
test.beforeEach(async ({ page }) => {
  [first, second] = await Promise.all([createStudent(uniqueName("Первый")), createStudent(uniqueName("Второй"))]);
  await useSession(page, "admin");
});
test.afterEach(async () => {
  await Promise.all([deleteUser(first.id), deleteUser(second.id)]);
});

test("while another student loads, the previous panel sends nothing; the next write names its student", async ({ page }) => {
  const [module] = await modulesInOrder();
  await page.goto(`/admin?${new URLSearchParams({ q: second.fullName, student: first.id })}`);
  await expect(page.getByRole("heading", { name: `Доступ студента: ${first.fullName}` })).toBeVisible();
  // The second student's page takes 2.5 s to arrive.
  await delay(page, (url) => url.searchParams.get("student") === second.id, 2500);
  const sent = actionsSent(page);

  await page.getByRole("link", { name: second.fullName }).click();
  await expect(page.getByRole("status").filter({ hasText: "Загружаем другого студента" })).toBeVisible();
  const staleSwitch = row(page, module.title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ });
  await staleSwitch.click({ force: true, timeout: 2000 }).catch(() => {});
  await expect(page.getByRole("heading", { name: `Доступ студента: ${second.fullName}` })).toBeVisible();
  expect(sent).toHaveLength(0);
  expect(await getAccess("module", first.id, module.id)).toBeNull();

  await row(page, module.title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ }).click();
  await expect(toast(page, "Успешно")).toContainText(`Доступ открыт — ${second.fullName}`);
  expect(sent.every((body) => body.includes(second.id) && !body.includes(first.id))).toBe(true);
  await expect.poll(async () => (await getAccess("module", second.id, module.id))?.is_unlocked).toBe(true);
  expect(await getAccess("module", first.id, module.id)).toBeNull();
});

test("a switch keeps the keyboard focus through a slow save and a rollback, and says it is saving", async ({ page }) => {
  const [module] = await modulesInOrder();
  await page.goto(`/admin?student=${first.id}`);
  await delay(page, (url, method) => method === "POST" && url.pathname === "/admin", 1500);
  const unlock = row(page, module.title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ });
  await unlock.focus();
  await page.keyboard.press("Space");
  await expect(unlock).toHaveAttribute("aria-disabled", "true");
  await expect(row(page, module.title).getByRole("status")).toHaveText(`${module.title}: сохраняем…`);
  await expect(toast(page, "Успешно")).toBeVisible();
  await expect(row(page, module.title).getByRole("status")).toHaveText("");
  await expect(unlock).toBeFocused();
  await expect(unlock).toBeChecked();

  // A failed save rolls back and still leaves the focus where it was.
  await page.route((url) => url.pathname === "/admin", (route) => (route.request().method() === "POST" ? route.abort() : route.fallback()));
  await page.keyboard.press("Space");
  await expect(toast(page, "Ошибка")).toContainText("Не удалось изменить доступ");
  await expect(unlock).toBeChecked();
  await expect(unlock).toBeFocused();
});

test("«Закрыть всё» and «Открыть всё» ask first with the count, change only what differs, and undo from the toast", async ({ page }) => {
  const modules = await modulesInOrder();
  await page.goto(`/admin?student=${first.id}`);
  await row(page, modules[0].title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ }).click();
  await expect(toast(page, "Успешно")).toBeVisible();
  const sent = actionsSent(page);

  await page.getByRole("tabpanel").getByRole("button", { name: "Открыть всё" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText(`Будет открыто: ${modules.length - 1} модулей для ${first.fullName}`);
  await dialog.getByRole("button", { name: "Отмена" }).click();
  await expect(dialog).toHaveCount(0);
  // The dialog loads when first asked for; closed, it gives focus back to the button that opened it.
  await expect(page.getByRole("tabpanel").getByRole("button", { name: "Открыть всё" })).toBeFocused();
  expect(sent).toHaveLength(0);

  await page.getByRole("tabpanel").getByRole("button", { name: "Открыть всё" }).click();
  await dialog.getByRole("button", { name: `Открыть (${modules.length - 1})` }).click();
  // The bulk change's toast, not the single switch's (same text, still on screen): it offers an undo.
  const done = toast(page, "Успешно")
    .filter({ hasText: `Доступ открыт — ${first.fullName}` })
    .filter({ has: page.getByRole("button", { name: "Отменить" }) });
  await expect(done).toHaveCount(1);
  expect(sent).toHaveLength(1);
  const unlocked = async () => (await service.from("module_access").select("module_id").eq("user_id", first.id).eq("is_unlocked", true)).data!.length;
  expect(await unlocked()).toBe(modules.length);

  await done.getByRole("button", { name: "Отменить" }).click();
  await expect(toast(page, "Успешно").filter({ hasText: `Доступ закрыт — ${first.fullName}` })).toHaveCount(1);
  await expect.poll(unlocked).toBe(1);
  expect((await getAccess("module", first.id, modules[0].id))?.is_unlocked).toBe(true);
  await expect(row(page, modules[1].title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ })).not.toBeChecked();

  // The tabs unmount hidden panels; coming back shows what is saved, not what the page first loaded.
  // By keyboard: the toasts, paused under the mouse after «Отменить», cover the tabs.
  await page.getByRole("tab", { name: "Модули" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Инструменты" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "Модули" })).toHaveAttribute("aria-selected", "true");
  await expect(row(page, modules[0].title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ })).toBeChecked();
  await expect(row(page, modules[1].title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ })).not.toBeChecked();
});

test("the student list pages 50 at a time with the total, and keeps the search", async ({ page }) => {
  const tag = uniqueName("Пагинация");
  const extra = await Promise.all(Array.from({ length: 51 }, (_, index) => createStudent(`${tag} ${lettersOf(String(index).padStart(2, "0"))}`)));
  try {
    await page.goto(`/admin?q=${encodeURIComponent(tag)}`);
    const list = page.getByRole("complementary", { name: "Студенты" });
    await expect(list.getByRole("link", { name: new RegExp(tag) })).toHaveCount(50);
    const pages = page.getByRole("navigation", { name: "Страницы списка студентов" });
    await expect(pages).toContainText("1–50 из 51");
    await pages.getByRole("link", { name: "Следующие студенты" }).click();
    await expect(pages).toContainText("51–51 из 51");
    await expect(list.getByRole("link", { name: new RegExp(tag) })).toHaveCount(1);
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(tag)}`));
    await page.goto(`/admin?q=${encodeURIComponent(tag)}&page=9`);
    await expect(page.getByText("На этой странице никого нет")).toBeVisible();
  } finally {
    await Promise.all(extra.map((student) => deleteUser(student.id)));
  }
});

test("«Смотреть как студент» pressed before the page's script is made once it hydrates", async ({ page }) => {
  const sent = actionsSent(page);
  const scripts = await holdScripts(page);
  await page.goto(`/admin?student=${first.id}`, { waitUntil: "commit" });
  const preview = page.getByRole("button", { name: "Смотреть как студент" });
  await expectNotHydrated(scripts, preview);

  await preview.click();
  // Held by React's own script, not the browser's GET of the page: the address stays, nothing is sent yet.
  await expect(preview).toHaveAttribute("aria-busy", "true");
  await expect(page).toHaveURL(new RegExp(`/admin\\?student=${first.id}$`));
  expect(sent).toEqual([]);

  scripts.release();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("complementary", { name: "Просмотр глазами студента" })).toContainText(first.fullName);
  expect(sent).toHaveLength(1);
  await page.getByRole("button", { name: "Завершить просмотр" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?student=${first.id}$`));
});

test("an access switch pressed before the page's script is switched once, after hydration", async ({ page }) => {
  const [module] = await modulesInOrder();
  const sent = actionsSent(page);
  const scripts = await holdScripts(page);
  await page.goto(`/admin?student=${first.id}`, { waitUntil: "commit" });
  const unlock = row(page, module.title).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ });
  await expectNotHydrated(scripts, unlock);
  const wasOpen = (await unlock.getAttribute("aria-checked")) === "true";

  await unlock.click();
  // Held by React's own script (the switch is its form's submit button); the submit guard shows it taken.
  await expect(unlock).toHaveAttribute("aria-busy", "true");
  await expect(page).toHaveURL(new RegExp(`/admin\\?student=${first.id}$`));
  expect(sent).toEqual([]);

  scripts.release();
  await expect(toast(page, "Успешно")).toBeVisible();
  await expect(unlock).toHaveAttribute("aria-checked", String(!wasOpen));
  await expectStays(page, () => sent.length, 1);
  expect((await getAccess("module", first.id, module.id))?.is_unlocked).toBe(!wasOpen);
});
