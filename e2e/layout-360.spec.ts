import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectAccessible } from "./helpers/axe";
import { createTool, deleteUser, service, unique } from "./helpers/backend";
import { signInByAction, useSession } from "./helpers/session";

/**
 * Issue 32: hostile content (a 300-character word, a long link, a long e-mail) in every place a
 * student or an admin reads it must wrap, on a 360 px phone and on a desktop, with no sideways
 * scroll; and every page stays free of the violations axe-core finds (helpers/axe.ts: its default rules).
 */

const WORD = `Сверхдлинное${"безпробельноеслово".repeat(16)}`.slice(0, 300);
const SHORT_WORD = WORD.slice(0, 90);
const URL = `https://example.com/${"very-long-path-segment".repeat(10)}?utm_source=${"x".repeat(60)}`;
const LONG_EMAIL = `${"contact.person".repeat(4)}@${"subdomain".repeat(6)}.${"example".repeat(5)}.ru`;
const HOSTILE = `${WORD} ${URL} ${LONG_EMAIL}`;
const WIDTHS = [360, 1280];

async function expectFits(page: Page, width: number, label: string) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${label} at ${width} px`).toBeLessThanOrEqual(width);
}

/** Each page at both widths; `reveal` opens what a page hides behind tabs or a disclosure, and is checked too. */
async function checkPage(page: Page, path: string, reveal: string[] = []) {
  await page.setViewportSize({ width: WIDTHS[0], height: 800 });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expectAccessible(page, path);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await expectFits(page, width, path);
    for (const name of reveal) {
      const control = page.getByRole("tab", { name, exact: true }).or(page.locator("summary", { hasText: name })).first();
      if (!(await control.isVisible())) continue;
      await control.click();
      await expectFits(page, width, `${path} (${name})`);
      if (width === WIDTHS[0]) await expectAccessible(page, `${path} (${name})`);
    }
  }
}

let world: Awaited<ReturnType<typeof createHostileSchool>>;

async function createHostileSchool() {
  const marker = unique("layout");
  // As long as an address may be: a 64-character local part and long domain labels.
  const email = `${marker.replace(/[^a-z0-9]/gi, "").slice(-21)}.${"contact.person".repeat(3)}@${LONG_EMAIL.split("@")[1]}`.toLowerCase();
  const { data: created, error } = await service.auth.admin.createUser({
    email,
    password: "password123",
    email_confirm: true,
    user_metadata: { full_name: WORD.slice(0, 100) },
  });
  if (error) throw error;
  const student = { id: created.user!.id, email, password: "password123" };

  const tool = await createTool({
    name: `${WORD.slice(0, 200)}${marker.replace(/-/g, "")}`,
    blocks: [`Блок ${WORD}`],
    lessons: [
      { title: WORD, order_index: 1, module: 0, description: HOSTILE, video_url: "https://youtu.be/dQw4w9WgXcQ" },
      { title: `Закрытый ${WORD}`, order_index: 2, module: 0 },
      { title: `Свободный ${URL}`, order_index: 3 },
    ],
  });
  await service.from("tech_tools").update({ description: HOSTILE }).eq("id", tool.id);
  await service.from("modules").update({ description: HOSTILE }).eq("tool_id", tool.id);
  const lessonId = tool.lessonId(WORD);

  const { data: modules } = await service
    .from("course_modules")
    .insert([
      { title: `Открытый ${WORD}`, description: HOSTILE, order_index: 950 },
      { title: `По расписанию ${WORD}`, description: HOSTILE, order_index: 951 },
    ])
    .select("id, order_index");
  const [openModule, datedModule] = [...modules!].sort((a, b) => a.order_index - b.order_index);
  const { data: moduleLesson } = await service
    .from("lessons")
    .insert({ course_module_id: openModule.id, title: WORD, description: HOSTILE, order_index: 1 })
    .select("id")
    .single();

  const { data: group } = await service.from("groups").insert({ name: `${SHORT_WORD.slice(0, 80)}${marker.slice(-12)}` }).select("id").single();
  await service.from("group_members").insert({ group_id: group!.id, user_id: student.id });
  const inAWeek = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  await service.from("group_module_access").insert({ group_id: group!.id, module_id: datedModule.id, is_unlocked: true, unlock_at: inAWeek });
  await service.from("group_lesson_access").insert({ group_id: group!.id, lesson_id: tool.lessonId(`Закрытый ${WORD}`), is_unlocked: true, unlock_at: inAWeek });
  await service.from("tool_access").insert({ user_id: student.id, tool_id: tool.id, is_unlocked: true, is_visible: true });
  await service.from("module_access").insert({ user_id: student.id, module_id: openModule.id, is_unlocked: true, is_visible: true });

  const { data: assignment } = await service
    .from("assignments")
    .insert({ lesson_id: lessonId, instructions_md: HOSTILE, accepts_text: true, accepts_links: true })
    .select("id")
    .single();
  const { data: submission } = await service
    .from("submissions")
    .insert({ assignment_id: assignment!.id, user_id: student.id, attempt: 1, answer_md: HOSTILE, links: [URL] })
    .select("id")
    .single();

  return {
    student,
    tool,
    lessonId,
    openModule,
    moduleLessonId: moduleLesson!.id,
    groupId: group!.id,
    submissionId: submission!.id,
    remove: async () => {
      await deleteUser(student.id);
      await service.from("groups").delete().eq("id", group!.id);
      await service.from("course_modules").delete().in("id", [openModule.id, datedModule.id]);
      await tool.remove();
    },
  };
}

test.describe("hostile content at 360 px", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  test.beforeAll(async () => {
    world = await createHostileSchool();
  });
  test.afterAll(async () => {
    await world?.remove();
  });

  test("every student page wraps long words, links and e-mails", async ({ page }) => {
    await signInByAction(page, world.student.email, world.student.password);
    const toolPath = `/tech-founder/${encodeURIComponent(world.tool.name.toLowerCase())}`;
    const modulePath = `/product-founder/${world.openModule.id}`;
    await checkPage(page, "/dashboard");
    await checkPage(page, "/product-founder");
    await checkPage(page, modulePath);
    await checkPage(page, `${modulePath}/${world.moduleLessonId}`, ["Все уроки"]);
    await checkPage(page, "/tech-founder");
    await checkPage(page, toolPath);
    await checkPage(page, `${toolPath}?closed=1`);
    await checkPage(page, `${toolPath}/${world.lessonId}`, ["Все уроки"]);
    await checkPage(page, "/notifications");
    await checkPage(page, "/settings");
  });

  test("every admin page wraps long names, e-mails and descriptions", async ({ page }) => {
    await useSession(page, "admin");
    const search = encodeURIComponent(world.student.email.slice(0, 30));
    await checkPage(page, `/admin?q=${search}`);
    await checkPage(page, `/admin?q=${search}&student=${world.student.id}`, ["Модули", "Инструменты", "Уроки"]);
    await checkPage(page, "/admin/groups");
    await checkPage(page, `/admin/groups/${world.groupId}`, ["Модули", "Инструменты", "Уроки"]);
    await checkPage(page, "/admin/content");
    await checkPage(page, `/admin/content/modules/${world.openModule.id}`);
    await checkPage(page, `/admin/content/tools/${world.tool.id}`);
    await checkPage(page, `/admin/content/blocks/${world.tool.blocks[0].id}`);
    await checkPage(page, `/admin/content/lessons/${world.lessonId}`);
    await checkPage(page, "/admin/content/modules/new");
    await checkPage(page, "/admin/content/tools/new");
    await checkPage(page, `/admin/content/blocks/new?tool=${world.tool.id}`);
    await checkPage(page, `/admin/content/lessons/new?parent=tool:${world.tool.id}`);
    await checkPage(page, "/admin/reviews");
    await checkPage(page, `/admin/reviews/${world.submissionId}`);
    await checkPage(page, "/admin/notifications");
  });

  test("the public pages fit too, and the privacy policy shows no template placeholders", async ({ page }) => {
    await checkPage(page, "/");
    await checkPage(page, "/privacy");
    await expect(page.getByRole("main")).not.toContainText(/\[[^\]]*\]/);
  });
});

/** How many lines an element's text takes: its height less its padding, over its line height. */
async function linesOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((element) => {
    const style = getComputedStyle(element);
    const height = element.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return Math.round(height / parseFloat(style.lineHeight));
  });
}

test("issue 43: a back link with a long name keeps to one line at 1366 px, beside a page's actions", async ({ page }) => {
  const tool = await createTool({
    name: unique("Lovable — конструктор веб-приложений с искусственным интеллектом"),
    blocks: ["Первые шаги: от идеи до работающего прототипа за один вечер"],
    lessons: [{ title: "Как описать приложение словами, чтобы нейросеть собрала его с первого раза", order_index: 1, module: 0 }],
  });
  try {
    await useSession(page, "admin");
    await page.setViewportSize({ width: 1366, height: 800 });
    for (const path of [`/admin/content/blocks/${tool.blocks[0].id}`, `/admin/content/lessons/${tool.lessons[0].id}`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await linesOf(page, "main header a"), path).toBe(1);
    }
  } finally {
    await tool.remove();
  }
});

test("issue 43: the notification table in «Настройки» breaks no word without a hyphen at 360 px", async ({ page }) => {
  await useSession(page, "student");
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/settings");
  const table = page.getByRole("table", { name: "Какие уведомления куда приходят" });
  await expect(table).toBeVisible();
  await expectFits(page, 360, "/settings");
  // Every word of the table on one line, or in an element that hyphenates it (lang="ru": the browser adds «-»).
  const broken = await table.evaluate((element) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1 && getComputedStyle(node.parentElement!).hyphens !== "auto") found.push(match[0]);
      }
    }
    return found;
  });
  expect(broken).toEqual([]);
});
