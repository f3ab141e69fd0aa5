import type { Page } from "@playwright/test";
import { isoToMoscowInput } from "../lib/domain/dates";
import { expect, test } from "./fixtures";
import { createStudent, createTool, deleteUser, service, unique } from "./helpers/backend";
import { countActions, expectNotHydrated, expectSentOnce, holdScripts } from "./helpers/scripts";
import { signInByAction, toast, useSession } from "./helpers/session";

const HOUR = 60 * 60 * 1000;
const moscowInput = (offsetMs: number) => isoToMoscowInput(new Date(Date.now() + offsetMs).toISOString());

/** Whether a student's /tech-founder shows the tool open (a link) or locked («Скоро»). */
async function toolCard(page: Page, name: string) {
  await page.goto("/tech-founder");
  return page.getByTestId("tool-card").filter({ hasText: name });
}

test("a cohort: enrol by e-mail, a scheduled grant opens a tool, a personal «закрыто» overrides it, expiry closes it", async ({ page, browser }) => {
  const [first, second] = [await createStudent("Первый Поточный"), await createStudent("Второй Поточный")];
  const tool = await createTool({ lessons: [{ title: "Урок потока", order_index: 1 }] });
  const groupName = unique("Поток: январь");
  try {
    await useSession(page, "admin");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Группы" }).click();
    await expect(page.getByRole("button", { name: "Создать группу" })).toBeEnabled();
    await page.getByLabel("Название группы").fill(groupName);
    await page.getByRole("button", { name: "Создать группу" }).click();
    await expect(toast(page, "Группа создана")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: groupName })).toBeVisible();
    await expect(page.locator("[data-sonner-toast][data-type=error]")).toHaveCount(0);

    // All or nothing: an unknown address is reported and nobody is added.
    const emails = page.getByLabel(/E-mail студентов/);
    await expect(page.getByRole("button", { name: "Добавить в группу" })).toBeEnabled();
    await emails.fill(`${first.email}\nnobody-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Добавить в группу" }).click();
    await expect(emails).toHaveAccessibleDescription(/Не нашли студентов с адресами: nobody-.*Никто не добавлен/);
    await expect(page.getByText("В группе пока никого нет")).toBeVisible();
    await emails.fill(`${first.email}, ${second.email.toUpperCase()}`);
    await page.getByRole("button", { name: "Добавить в группу" }).click();
    await expect(toast(page, "Добавлены 2 студента")).toBeVisible();
    await expect(page.getByRole("list", { name: "Студенты группы" }).getByRole("listitem")).toHaveCount(2);

    // A grant that opened an hour ago (Moscow time in the form).
    await page.getByRole("tab", { name: "Инструменты" }).click();
    const grant = page.getByTestId("grant-row").filter({ hasText: tool.name });
    // Saved as it changes: the switch when pressed, a date when its field is left or on Enter.
    await grant.getByRole("switch", { name: `Доступ закрыт — ${tool.name}` }).click();
    await expect(toast(page, `Сохранено — ${tool.name}`)).toBeVisible();
    await grant.getByLabel(`Откроется (МСК): ${tool.name}`).fill(moscowInput(-HOUR));
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await service.from("group_tool_access").select("unlock_at").eq("tool_id", tool.id).single()).data?.unlock_at).toBeTruthy();
    await expect(page.getByTestId("grant-row").filter({ hasText: tool.name })).toContainText("открыт");

    const firstPage = await browser.newPage();
    await signInByAction(firstPage, first.email, first.password);
    await expect((await toolCard(firstPage, tool.name)).getByRole("link")).toBeVisible();
    const secondPage = await browser.newPage();
    await signInByAction(secondPage, second.email, second.password);
    await expect((await toolCard(secondPage, tool.name)).getByRole("link")).toBeVisible();

    // The first student's own «закрыто» wins over the group; the panel says where access comes from.
    await page.goto(`/admin?student=${first.id}`);
    await page.getByRole("tab", { name: "Инструменты" }).click();
    const row = page.getByTestId("access-row").filter({ hasText: tool.name });
    await expect(row).toContainText(`Сейчас: открыт, виден · группа «${groupName}»`);
    const unlock = row.getByRole("switch", { name: /^Доступ (открыт|закрыт)/ });
    // The switch shows what is in effect (open, by the group); pressing it makes a personal «закрыто».
    await expect(unlock).toBeChecked();
    await unlock.click();
    await expect(toast(page, "Успешно").filter({ hasText: `Доступ закрыт — ${first.fullName}` })).toBeVisible();
    await expect(unlock).not.toBeChecked();
    await expect(row).toContainText("Сейчас: закрыт, виден · личная настройка");
    await expect((await toolCard(firstPage, tool.name))).toContainText("Скоро");
    await expect((await toolCard(secondPage, tool.name)).getByRole("link")).toBeVisible();

    // The grant expires: the second student loses the tool; the first, without an override, follows the group.
    const { data: group } = await service.from("groups").select("id").eq("name", groupName).single();
    await page.goto(`/admin/groups/${group!.id}`);
    await page.getByRole("tab", { name: "Инструменты" }).click();
    const expiring = page.getByTestId("grant-row").filter({ hasText: tool.name });
    await expiring.getByLabel(`Откроется (МСК): ${tool.name}`).fill(moscowInput(-3 * HOUR));
    await expiring.getByLabel(`Закроется (МСК): ${tool.name}`).fill(moscowInput(-2 * HOUR));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("grant-row").filter({ hasText: tool.name })).toContainText("доступ истёк");
    await expect((await toolCard(secondPage, tool.name))).toContainText("Скоро");

    await page.goto(`/admin?student=${first.id}`);
    await page.getByRole("tab", { name: "Инструменты" }).click();
    await row.getByRole("button", { name: "Сбросить личную настройку" }).click();
    await expect(row).toContainText(`группа «${groupName}» · доступ истёк`);
    await expect(row.getByRole("button", { name: "Сбросить личную настройку" })).toHaveCount(0);
    await Promise.all([firstPage.close(), secondPage.close()]);
  } finally {
    await service.from("groups").delete().eq("name", groupName);
    await tool.remove();
    await Promise.all([deleteUser(first.id), deleteUser(second.id)]);
  }
});

test("a date alone turns a group's grant on; lessons by tool with a search; an untouched lesson says why it is closed in the student's panel", async ({ page }) => {
  const student = await createStudent("Студент Датович");
  const tool = await createTool({ lessons: [{ title: "Урок с датой", order_index: 1 }, { title: "Нетронутый урок", order_index: 2 }] });
  const { data: group } = await service.from("groups").insert({ name: unique("Поток с датой") }).select("id, name").single();
  try {
    await service.from("group_members").insert({ group_id: group!.id, user_id: student.id });
    await useSession(page, "admin");
    await page.goto(`/admin/groups/${group!.id}`);
    await page.getByRole("tab", { name: "Уроки" }).click();
    const lessons = page.getByRole("tabpanel", { name: "Уроки" });
    // Grouped by tool, found by a search.
    await expect(lessons.getByRole("region", { name: `Инструмент «${tool.name}»` })).toBeVisible();
    await lessons.getByLabel("Найти урок").fill("урок с дат");
    await expect(lessons.getByTestId("grant-row")).toHaveCount(1);
    await expect(lessons.getByRole("status")).toHaveText("Найдено уроков: 1");
    await lessons.getByLabel("Найти урок").fill(tool.name);
    await expect(lessons.getByTestId("grant-row")).toHaveCount(2);

    // The untouched lesson on the group page follows its tool.
    const untouched = lessons.getByTestId("grant-row").filter({ hasText: "Нетронутый урок" });
    await expect(untouched).toContainText("нет настройки группы: как у инструмента · по умолчанию");

    // A date entered alone: the grant is turned on and says so.
    const dated = lessons.getByTestId("grant-row").filter({ hasText: "Урок с датой" });
    await expect(dated).toContainText("Доступ закрыт: введённая дата включит его.");
    await dated.getByLabel(/^Откроется \(МСК\)/).fill(moscowInput(-HOUR));
    await page.keyboard.press("Enter");
    await expect(toast(page, "Дата включила доступ")).toBeVisible();
    await expect.poll(async () => (await service.from("group_lesson_access").select("is_unlocked").eq("lesson_id", tool.lessonId("Урок с датой")).single()).data?.is_unlocked).toBe(true);
    await expect(dated.getByRole("switch", { name: /^Доступ открыт/ })).toBeChecked();

    await page.goto(`/admin?student=${student.id}`);
    await page.getByRole("tab", { name: "Уроки" }).click();
    await expect(page.getByTestId("access-row").filter({ hasText: "Нетронутый урок" })).toContainText("Сейчас: закрыт, виден · инструмент закрыт для студента");
    await expect(page.getByTestId("access-row").filter({ hasText: "Урок с датой" }).getByRole("switch", { name: /Виден студентам/ })).toBeChecked();
  } finally {
    await service.from("groups").delete().eq("id", group!.id);
    await tool.remove();
    await deleteUser(student.id);
  }
});

test("a member an order brought: the group page names the order and its end, offers no «Убрать», and the student's panel says the access is paid", async ({ page }) => {
  const [buyer, byHand] = await Promise.all([createStudent("Покупатель Заказов"), createStudent("Добавленный Вручную")]);
  const tool = await createTool({ lessons: [{ title: "Оплаченный урок", order_index: 1 }] });
  const { data: group } = await service.from("groups").insert({ name: unique("Поток по заказу") }).select("id, name").single();
  try {
    await service.from("group_tool_access").insert({ group_id: group!.id, tool_id: tool.id, is_unlocked: true });
    const ends = new Date(Date.now() + 30 * 24 * HOUR).toISOString();
    const granted = await service.rpc("grant_membership", { _group_id: group!.id, _user_id: buyer.id, _source: "order", _ref: "1042", _expires_at: ends });
    expect(granted.error).toBeNull();
    await service.from("group_members").insert({ group_id: group!.id, user_id: byHand.id });

    await useSession(page, "admin");
    await page.goto(`/admin/groups/${group!.id}`);
    const members = page.getByRole("list", { name: "Студенты группы" });
    const paid = members.getByRole("listitem").filter({ hasText: buyer.email });
    await expect(paid).toContainText(/оплачено: заказ №1042 · до \d\d\.\d\d/);
    await expect(paid.getByRole("button", { name: /^Убрать из группы/ })).toHaveCount(0);
    await expect(members.getByRole("listitem").filter({ hasText: byHand.email }).getByRole("button", { name: /^Убрать из группы/ })).toBeVisible();

    await page.goto(`/admin?student=${buyer.id}`);
    await page.getByRole("tab", { name: "Инструменты" }).click();
    await expect(page.getByTestId("access-row").filter({ hasText: tool.name })).toContainText(
      `Сейчас: открыт, виден · оплачено: заказ №1042 (группа «${group!.name}»)`,
    );
  } finally {
    await service.from("groups").delete().eq("id", group!.id);
    await tool.remove();
    await Promise.all([deleteUser(buyer.id), deleteUser(byHand.id)]);
  }
});

test("a curator's e-mail typed and «Добавить куратора» pressed before the page's script: added once, with the address typed", async ({ page }) => {
  const curator = await createStudent("Ранний Куратор");
  const { data: group } = await service.from("groups").insert({ name: unique("Группа с куратором") }).select("id").single();
  const groupPath = `/admin/groups/${group!.id}`;
  try {
    await useSession(page, "admin");
    const sent = countActions(page, curator.email);
    const scripts = await holdScripts(page);
    await page.goto(groupPath, { waitUntil: "commit" });
    const field = page.getByLabel("E-mail куратора");
    const add = page.getByRole("button", { name: "Добавить куратора" });
    await expectNotHydrated(scripts, add);

    await field.pressSequentially(curator.email);
    await add.click();
    // Held by React's own script, not the browser's GET of the page: the submit guard shows it taken, the address stays, nothing is sent yet.
    await expect(add).toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(new RegExp(`${groupPath}$`));
    expect(sent()).toBe(0);

    scripts.release();
    await expect(toast(page, "Куратор добавлен")).toBeVisible();
    await expectSentOnce(page, sent);
    await expect(page.getByRole("list", { name: "Кураторы группы" })).toContainText(curator.email);
    await expect(field).toHaveValue("");
    expect((await service.from("group_curators").select("user_id").eq("group_id", group!.id)).data).toEqual([{ user_id: curator.id }]);
  } finally {
    await service.from("groups").delete().eq("id", group!.id);
    await deleteUser(curator.id);
  }
});

test("«Убрать куратора» pressed before the page's script: removed once, after hydration", async ({ page }) => {
  const curator = await createStudent("Уходящий Куратор");
  const { data: group } = await service.from("groups").insert({ name: unique("Группа без куратора") }).select("id").single();
  try {
    await service.from("group_curators").insert({ group_id: group!.id, user_id: curator.id });
    await useSession(page, "admin");
    const sent = countActions(page, curator.id);
    const scripts = await holdScripts(page);
    await page.goto(`/admin/groups/${group!.id}`, { waitUntil: "commit" });
    const remove = page.getByRole("button", { name: `Убрать куратора: ${curator.email}` });
    await expectNotHydrated(scripts, remove);

    await remove.click();
    // Held by React's own script (the button is its form's submit); the submit guard shows it taken.
    await expect(remove).toHaveAttribute("aria-busy", "true");
    expect(sent()).toBe(0);

    scripts.release();
    await expect(toast(page, "Куратор убран из группы")).toBeVisible();
    await expectSentOnce(page, sent);
    expect((await service.from("group_curators").select("user_id").eq("group_id", group!.id)).data).toEqual([]);
  } finally {
    await service.from("groups").delete().eq("id", group!.id);
    await deleteUser(curator.id);
  }
});

/** The first module of the course (seeded) and a group of its own, for a test on the group's page. */
async function groupWithModule(name: string) {
  const { data: module } = await service.from("course_modules").select("id, title").order("order_index").limit(1).single();
  const { data: group } = await service.from("groups").insert({ name: unique(name) }).select("id").single();
  return { module: module!, groupId: group!.id, path: `/admin/groups/${group!.id}` };
}

test("a group's date typed and a switch pressed before the page's script: saved once after hydration, with the date typed", async ({ page }) => {
  const { module, groupId, path } = await groupWithModule("Ранняя дата");
  const typed = "2030-03-10T10:00";
  try {
    await useSession(page, "admin");
    const saves = countActions(page, module.id);
    const withTyped = countActions(page, typed);
    const scripts = await holdScripts(page);
    await page.goto(path, { waitUntil: "commit" });
    const opens = page.getByLabel(`Откроется (МСК): ${module.title}`, { exact: true });
    const row = page.getByTestId("grant-row").filter({ has: opens });
    const unlock = row.getByRole("switch", { name: `Доступ закрыт — ${module.title}`, exact: true });
    await expectNotHydrated(scripts, unlock);

    await opens.fill(typed);
    await unlock.click();
    // Held by React's own script (the switch is its form's submit button); the submit guard shows it taken.
    await expect(unlock).toHaveAttribute("aria-busy", "true");
    expect(saves()).toBe(0);

    scripts.release();
    await expect(toast(page, `Сохранено — ${module.title}`)).toBeVisible();
    await expectSentOnce(page, saves);
    expect(withTyped()).toBe(1);
    await expect(row.getByRole("switch", { name: `Доступ открыт — ${module.title}`, exact: true })).toBeChecked();
    await expect(opens).toHaveValue(typed);
    const { data: grant } = await service.from("group_module_access").select("is_unlocked, unlock_at").eq("group_id", groupId).eq("module_id", module.id).single();
    expect(grant?.is_unlocked).toBe(true);
    // 10:00 in Moscow (UTC+3).
    expect(new Date(grant!.unlock_at!).toISOString()).toBe("2030-03-10T07:00:00.000Z");
  } finally {
    await service.from("groups").delete().eq("id", groupId);
  }
});

test("a group's «Открыть всё» pressed before the page's script: made once after hydration", async ({ page }) => {
  const { module, groupId, path } = await groupWithModule("Раннее открытие");
  try {
    await useSession(page, "admin");
    const sent = countActions(page, groupId);
    const scripts = await holdScripts(page);
    await page.goto(path, { waitUntil: "commit" });
    const openAll = page.getByRole("tabpanel").getByRole("button", { name: "Открыть всё" });
    await expectNotHydrated(scripts, openAll);

    await openAll.click();
    await expect(openAll).toHaveAttribute("aria-busy", "true");
    // A second press is refused by the submit guard: the list is opened once.
    await openAll.click({ force: true });
    expect(sent()).toBe(0);

    scripts.release();
    await expect(toast(page, "Доступ открыт для всего списка")).toBeVisible();
    await expectSentOnce(page, sent);
    await expect(page.getByRole("switch", { name: `Доступ открыт — ${module.title}`, exact: true })).toBeChecked();
    await expect(openAll).not.toHaveAttribute("aria-busy", "true");
    const { data: grants } = await service.from("group_module_access").select("module_id, is_unlocked").eq("group_id", groupId);
    expect(grants!.length).toBeGreaterThan(0);
    expect(grants!.every((grant) => grant.is_unlocked)).toBe(true);
    expect(grants!.map((grant) => grant.module_id)).toContain(module.id);
  } finally {
    await service.from("groups").delete().eq("id", groupId);
  }
});

test("«Удалить группу» pressed before the page's script asks once the page hydrates, and deletes nothing unasked", async ({ page }) => {
  const { groupId, path } = await groupWithModule("Раннее удаление");
  try {
    await useSession(page, "admin");
    const scripts = await holdScripts(page);
    await page.goto(path, { waitUntil: "commit" });
    const remove = page.getByRole("button", { name: "Удалить группу" });
    await expectNotHydrated(scripts, remove);

    await remove.click();
    // Held by React's own script; the submit guard shows it taken.
    await expect(remove).toHaveAttribute("aria-busy", "true");
    scripts.release();
    const dialog = page.getByRole("alertdialog", { name: /^Удалить группу/ });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Отмена" }).click();
    await expect(remove).toBeFocused();
    expect((await service.from("groups").select("id").eq("id", groupId)).data).toHaveLength(1);
  } finally {
    await service.from("groups").delete().eq("id", groupId);
  }
});
