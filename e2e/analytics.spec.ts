import type { Page } from "@playwright/test";
import { expect, test, visitorAddress } from "./fixtures";
import { createPeople, createStudent, createTool, deleteUser, service, unique, type TestUser } from "./helpers/backend";
import { E2E_APP_URL } from "./helpers/ports";
import { signInByAction, useSession } from "./helpers/session";
import { formatMinutes } from "../lib/domain/analytics";
import { splitCsv } from "../tests/support/csv";

/**
 * School analytics: each chart with its table, the group filter changing the figures, every
 * panel's CSV holding the table's rows (UTF-8 with a BOM), and a curator seeing their group only.
 */

const MINUTE = 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
/**
 * Today's rows are dated 25–55 minutes ago; the figures count Moscow days (UTC+3), so in the first
 * hour after Moscow's midnight those minutes are squeezed into the ones since it (before, 00:00–00:55
 * put them on the day before, and the test failed every night then).
 */
const sinceMoscowMidnight = (Date.now() + 3 * 60 * MINUTE) % (24 * 60 * MINUTE);
const TODAY_SCALE = Math.min(1, sinceMoscowMidnight / (60 * MINUTE));
const minutesAgoToday = (minutes: number) => ago(minutes * MINUTE * TODAY_SCALE);

/** A table's rows as the page has them (screen-reader tables included), header first. */
async function tableRows(page: Page, caption: string) {
  const table = page.getByRole("table", { name: caption });
  await expect(table).toHaveCount(1);
  const rows = table.locator("tr");
  const texts: string[][] = [];
  for (let index = 0; index < (await rows.count()); index++) texts.push((await rows.nth(index).locator("th, td").allTextContents()).map((cell) => cell.trim()));
  return texts;
}

/** The CSV behind a panel's «Скачать CSV», split at «;» as a spreadsheet splits it (every cell is quoted). */
async function csvRows(page: Page, caption: string) {
  const href = await page.getByRole("link", { name: `Скачать CSV: ${caption}` }).getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const bytes = await response.body();
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return splitCsv(bytes.subarray(3).toString("utf8"), ";");
}

test.describe("analytics", () => {
  let tool: Awaited<ReturnType<typeof createTool>>;
  let people: Awaited<ReturnType<typeof createPeople>>;
  let students: TestUser[];
  let groups: { id: string; name: string }[];

  test.beforeAll(async () => {
    tool = await createTool({ lessons: [1, 2, 3].map((n) => ({ title: `Урок аналитики ${n}`, order_index: n })) });
    people = await createPeople({ student: "Студент Аналитики", curator: "Куратор Аналитики", admin: "Админ Аналитики" });
    students = [people.student, await createStudent("Вторая Аналитика"), await createStudent("Третий Аналитик"), await createStudent("Новая Аналитика")];
    const { data } = await service.from("groups").insert([{ name: unique("Поток аналитики А") }, { name: unique("Поток аналитики Б") }]).select("id, name");
    groups = data!.sort((a, b) => a.name.localeCompare(b.name));
    await service.from("group_members").insert([
      { group_id: groups[0].id, user_id: students[0].id },
      { group_id: groups[0].id, user_id: students[1].id },
      { group_id: groups[1].id, user_id: students[2].id },
      // Registered, nothing opened yet: «ещё не начинал(а)», not idle.
      { group_id: groups[0].id, user_id: students[3].id },
      // Staff in a group are not its students.
      { group_id: groups[0].id, user_id: people.curator.id },
      { group_id: groups[0].id, user_id: people.admin.id },
    ]);
    await service.from("group_curators").insert({ group_id: groups[0].id, user_id: people.curator.id });
    const row = (user: TestUser, lesson: number, openedAt: string, passed: boolean) => ({
      user_id: user.id,
      lesson_id: tool.lessonId(`Урок аналитики ${lesson}`),
      last_opened_at: openedAt,
      completed_at: passed ? openedAt : null,
    });
    await service.from("lesson_progress").insert([
      // Minutes ago, so today's Moscow day holds them.
      row(students[0], 1, minutesAgoToday(50), true),
      row(students[0], 2, minutesAgoToday(40), true),
      row(students[1], 1, minutesAgoToday(30), false),
      row(students[2], 1, ago(48 * 60 * MINUTE), false),
    ]);
    const { data: task } = await service.from("assignments").insert({ lesson_id: tool.lessonId("Урок аналитики 3") }).select("id").single();
    await service.from("submissions").insert({
      assignment_id: task!.id,
      user_id: students[0].id,
      attempt: 1,
      status: "returned",
      submitted_at: minutesAgoToday(55),
      reviewed_at: minutesAgoToday(25),
      reviewer_id: people.admin.id,
    });
  });

  test.afterAll(async () => {
    await service.from("groups").delete().in("id", groups.map((group) => group.id));
    await tool.remove();
    await Promise.all([people.remove(), ...students.slice(1).map((student) => deleteUser(student.id))]);
  });

  test("each chart with its table, the group filter, and CSVs equal to the tables", async ({ page }) => {
    await useSession(page, "admin");
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Разделы администрирования" }).getByRole("link", { name: "Аналитика" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Аналитика" })).toBeVisible();

    await page.getByLabel("Группа").selectOption(groups[0].id);
    await page.getByLabel("Воронка: инструмент или модуль").selectOption(tool.id);
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(new RegExp(`group=${groups[0].id}`));

    const funnel = `Воронка: ${tool.name}`;
    await expect(page.getByRole("img", { name: /^Активные студенты по дням за 30 дней/ })).toBeVisible();
    await expect(page.getByRole("img", { name: new RegExp(`^${funnel}`) })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Медиана времени до первого ответа/ })).toBeVisible();
    const activity = await tableRows(page, "Активные студенты по дням");
    expect(activity).toHaveLength(31);
    expect(activity.at(-1)!.slice(1)).toEqual(["2", "2", "1", "1"]);
    expect(await tableRows(page, funnel)).toEqual([
      ["№", "Урок", "Открыли", "Прошли", "Ушли после предыдущего", "Отметка"],
      ["1", "Урок аналитики 1", "2", "1", "—", ""],
      ["2", "Урок аналитики 2", "1", "1", "1", "самый большой отсев"],
      ["3", "Урок аналитики 3", "0", "0", "1", ""],
    ]);
    const homework = await tableRows(page, "Домашние задания");
    expect(homework.at(-1)).toEqual(["Все проверяющие", "1", "1", "100 %", formatMinutes(30 * TODAY_SCALE)]);
    const risk = await tableRows(page, "Студенты в зоне риска");
    expect(risk.slice(1).map((row) => [row[0], row[2]])).toEqual([
      ["Вторая Аналитика", "застрял(а) на уроке"],
      ["Новая Аналитика", "ещё не начинал(а)"],
    ]);
    // Three students (the curator and the admin in the group are not), numbers declined.
    await expect(page.getByRole("region", { name: "Активные студенты по дням" }).getByText("студента в выборке", { exact: true })).toBeVisible();
    await expect(page.getByRole("region", { name: "Студенты в зоне риска" }).getByText("в зоне риска из 3", { exact: true })).toBeVisible();
    await expect(page.getByText("Самый большой отсев — перед уроком 2 «Урок аналитики 2»: ушёл 1 студент.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Вторая Аналитика" })).toHaveAttribute("href", `/admin?student=${students[1].id}`);

    for (const [caption, rows] of [["Активные студенты по дням", activity], [funnel, null], ["Домашние задания", homework], ["Студенты в зоне риска", risk]] as const) {
      expect(await csvRows(page, caption), caption).toEqual(rows ?? (await tableRows(page, caption)));
    }

    // The other group: its own figures.
    await page.getByLabel("Группа").selectOption(groups[1].id);
    await page.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(new RegExp(`group=${groups[1].id}`));
    expect((await tableRows(page, funnel)).slice(1).map((row) => row.slice(2, 4))).toEqual([["1", "0"], ["0", "0"], ["0", "0"]]);
    expect((await tableRows(page, "Студенты в зоне риска")).slice(1).map((row) => row[0])).toEqual(["Третий Аналитик"]);
    expect(await csvRows(page, "Студенты в зоне риска")).toEqual(await tableRows(page, "Студенты в зоне риска"));
  });

  test("a curator sees the groups they curate only, and no access-panel links", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_APP_URL, locale: "ru-RU", extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
    const page = await context.newPage();
    try {
      await signInByAction(page, people.curator.email, people.curator.password);
      await page.goto("/admin/reviews");
      await page.getByRole("link", { name: "Аналитика" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Аналитика" })).toBeVisible();
      await expect(page.getByLabel("Группа").locator("option")).toHaveText(["Все мои группы", groups[0].name]);
      await page.getByLabel("Воронка: инструмент или модуль").selectOption(tool.id);
      await page.getByRole("button", { name: "Показать" }).click();
      expect((await tableRows(page, `Воронка: ${tool.name}`)).slice(1).map((row) => row.slice(2, 4))).toEqual([["2", "1"], ["1", "1"], ["0", "0"]]);
      await expect(page.getByRole("table", { name: "Студенты в зоне риска" }).getByRole("link")).toHaveCount(0);
      const foreign = await page.request.get(`/admin/analytics/export?panel=risk&group=${groups[1].id}`);
      expect((await foreign.body()).subarray(3).toString("utf8").trimEnd().split("\r\n")).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
