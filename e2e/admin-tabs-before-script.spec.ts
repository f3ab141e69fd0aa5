import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, unique } from "./helpers/backend";
import { expectNotHydrated, holdScripts, hydrated } from "./helpers/scripts";
import { toast, useSession } from "./helpers/session";

/**
 * The admin's tabs (a student's access, a group's access) are links to `?tab=…`: pressed before the
 * page's script, a tab opens as the server renders it; once hydrated, tabs switch in place.
 */

const tab = (page: Page, name: string) => page.getByRole("tab", { name, exact: true });

/** Marks the document, so a later check tells a switch in place from a page loaded anew. */
const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { keptDocument: true }));
const documentKept = (page: Page) => page.evaluate(() => "keptDocument" in window);

test("a student's access: a tab pressed before the script opens; once hydrated, tabs switch in place and the address keeps the tab", async ({ page }) => {
  const student = await createStudent(unique("Вкладочный"));
  const lessonTitle = unique("Урок вкладок");
  const tool = await createTool({ lessons: [{ title: lessonTitle, order_index: 1 }] });
  try {
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(`/admin?student=${student.id}`, { waitUntil: "commit" });
    await expect(tab(page, "Модули")).toHaveAttribute("aria-selected", "true");
    await expectNotHydrated(scripts, tab(page, "Инструменты"));

    await tab(page, "Инструменты").click();
    await expect(page).toHaveURL(/[?&]tab=tool(&|$)/);
    await expect(tab(page, "Инструменты")).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Инструменты" }).getByTestId("access-row").filter({ hasText: tool.name })).toBeVisible();
    expect(page.url()).toContain(`student=${student.id}`);

    scripts.release();
    const lessons = tab(page, "Уроки");
    await expect.poll(() => hydrated(lessons)).toBe(true);
    await markDocument(page);
    await lessons.click();
    await expect(lessons).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Уроки" }).getByText(lessonTitle)).toBeVisible();
    await expect(page).toHaveURL(/[?&]tab=lesson(&|$)/);
    expect(await documentKept(page)).toBe(true);

    // A save refreshes the page's data: the router knows the tab's address, so the refresh keeps it.
    // Next writes the address it knows into the history as each refreshed page commits: those writes are read.
    await page.evaluate(() => {
      const written: string[] = [];
      const replace = history.replaceState.bind(history);
      Object.assign(window, { routerWrites: written });
      history.replaceState = (state: { __NA?: boolean } | null, unused: string, url?: string | URL | null) => {
        if (state?.__NA) written.push(String(url));
        replace(state, unused, url);
      };
    });
    const routerWrites = () => page.evaluate(() => (window as unknown as { routerWrites: string[] }).routerWrites);
    await page.getByRole("tabpanel", { name: "Уроки" }).getByTestId("access-row").filter({ hasText: lessonTitle }).getByRole("switch", { name: /^Доступ (открыт|закрыт)/ }).click();
    await expect(toast(page, "Успешно")).toBeVisible();
    await expect.poll(async () => (await routerWrites()).length).toBeGreaterThan(0);
    for (const url of await routerWrites()) expect(url).toMatch(/[?&]tab=lesson(&|$)/);
    await expect(page).toHaveURL(/[?&]tab=lesson(&|$)/);

    await page.reload();
    await expect(tab(page, "Уроки")).toHaveAttribute("aria-selected", "true");
  } finally {
    await Promise.all([deleteUser(student.id), tool.remove()]);
  }
});

test("a group's access: before the script every tab is reached by Tab and Enter opens it; once hydrated, the arrows switch in place", async ({ page }) => {
  const tool = await createTool();
  const { data: group } = await service.from("groups").insert({ name: unique("Вкладочный поток") }).select("id").single();
  try {
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(`/admin/groups/${group!.id}`, { waitUntil: "commit" });
    const tools = tab(page, "Инструменты");
    await expectNotHydrated(scripts, tools);

    await tab(page, "Модули").focus();
    await page.keyboard.press("Tab");
    await expect(tools).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/admin/groups/${group!.id}\\?tab=tool$`));
    await expect(tools).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Инструменты" }).getByTestId("grant-row").filter({ hasText: tool.name })).toBeVisible();

    scripts.release();
    await expect.poll(() => hydrated(tools)).toBe(true);
    await markDocument(page);
    await tools.focus();
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Уроки")).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/\?tab=lesson$/);
    expect(await documentKept(page)).toBe(true);
  } finally {
    await Promise.all([service.from("groups").delete().eq("id", group!.id), tool.remove()]);
  }
});
