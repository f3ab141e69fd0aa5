import { createClient } from "@supabase/supabase-js";
import type { Browser, Page } from "@playwright/test";
import type { Database } from "../lib/database.types";
import { PUBLISHABLE_KEY } from "../local-backend/keys";
import { expect, test, visitorAddress } from "./fixtures";
import { createPeople, createTool, service, setAccess, unique } from "./helpers/backend";
import { E2E_APP_URL, E2E_BACKEND_URL, E2E_CONTROL_URL, E2E_CRON_SECRET, E2E_TELEGRAM } from "./helpers/ports";
import { signInByAction, toast } from "./helpers/session";

/**
 * A curator returns homework, and the student hears of it everywhere they asked to: the bell and
 * «Уведомления» in the app, an e-mail in the local mailbox (real SMTP, with one-click unsubscribe),
 * and a message from the bot on the local Bot API, linked from Telegram's side with /start.
 */

interface CaughtMail {
  recipient: string;
  subject: string;
  body: string;
  list_unsubscribe?: string | null;
  headers?: Record<string, unknown>;
}

interface SentMessage {
  chat_id: number | string;
  text: string;
}

async function personPage(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_APP_URL, locale: "ru-RU", extraHTTPHeaders: { "x-forwarded-for": visitorAddress() } });
  const page = await context.newPage();
  await signInByAction(page, email, password);
  return page;
}

async function mailsTo(recipient: string): Promise<CaughtMail[]> {
  const mails = (await (await fetch(`${E2E_BACKEND_URL}/mailbox?format=json`)).json()) as CaughtMail[];
  return mails.filter((mail) => mail.recipient === recipient);
}

const telegramSent = async (): Promise<SentMessage[]> => (await fetch(`${E2E_CONTROL_URL}/telegram/sent`)).json();

test.describe("notifications", () => {
  let tool: Awaited<ReturnType<typeof createTool>>;
  let people: Awaited<ReturnType<typeof createPeople>>;
  let groupId: string;
  const chatId = 700_000_000 + Math.floor(Math.random() * 1_000_000);

  test.beforeAll(async () => {
    tool = await createTool({ lessons: [{ title: "Интервью с клиентом", order_index: 1 }] });
    people = await createPeople({ student: "Ученица Уведомкина", curator: "Куратор Уведомлений", admin: "Админ Уведомлений" });
    const { data: group } = await service.from("groups").insert({ name: unique("Поток уведомлений") }).select("id").single();
    groupId = group!.id;
    await service.from("group_members").insert({ group_id: groupId, user_id: people.student.id });
    await service.from("group_curators").insert({ group_id: groupId, user_id: people.curator.id });
    await setAccess("tool", people.student.id, tool.id, { is_unlocked: true });
    const { data: task } = await service
      .from("assignments")
      .insert({ lesson_id: tool.lessonId("Интервью с клиентом"), instructions_md: "Опишите интервью", accepts_text: true })
      .select("id")
      .single();
    await service.from("submissions").insert({ assignment_id: task!.id, user_id: people.student.id, attempt: 1, answer_md: "Поговорила с тремя фаундерами" });
  });

  test.afterAll(async () => {
    await tool.remove();
    await service.from("groups").delete().eq("id", groupId);
    await people.remove();
  });

  test("a returned work reaches the student in the app, by e-mail and in Telegram", async ({ browser }) => {
    test.setTimeout(120_000);
    // The student links Telegram: the bot receives /start with their one-time token.
    const studentApi = createClient<Database>(E2E_BACKEND_URL, PUBLISHABLE_KEY, { auth: { persistSession: false } });
    await studentApi.auth.signInWithPassword({ email: people.student.email, password: people.student.password });
    const { data: token } = await studentApi.rpc("create_telegram_link_token");
    const update = {
      update_id: Date.now(),
      message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: "private" }, from: { id: chatId, is_bot: false, first_name: "Ученица", username: "uvedomkina" }, text: `/start ${token}` },
    };
    const linked = await (await fetch(`${E2E_CONTROL_URL}/telegram/update`, { method: "POST", body: JSON.stringify(update) })).json();
    expect(linked.status).toBe(200);
    await expect.poll(async () => (await telegramSent()).some((message) => Number(message.chat_id) === chatId && message.text.startsWith("Готово"))).toBe(true);
    expect((await service.from("telegram_links").select("chat_id").eq("user_id", people.student.id).single()).data).toEqual({ chat_id: chatId });

    // The curator was told that work is waiting, in their bell.
    const curator = await personPage(browser, people.curator.email, people.curator.password);
    await curator.goto("/admin/reviews");
    await expect(curator.getByRole("link", { name: /^Уведомления: \d+ непрочитанн/ })).toBeVisible();

    // The curator returns the work with a comment: the toast names the student, and the page stays
    // on this work (no other student's buttons appear under the pointer).
    await curator.getByRole("link", { name: /Ученица Уведомкина/ }).first().click();
    await expect(curator).toHaveURL(/\/admin\/reviews\/[0-9a-f-]{36}$/);
    const workUrl = curator.url();
    await curator.getByRole("button", { name: "Взять в работу" }).click();
    await curator.getByRole("button", { name: "Вернуть на доработку" }).click();
    await curator.getByRole("textbox", { name: /Комментарий/ }).fill("Добавьте цитаты клиентов");
    await curator.getByRole("button", { name: "Вернуть на доработку" }).last().click();
    await expect(toast(curator, "Работа возвращена на доработку: Ученица Уведомкина")).toBeVisible();
    await expect(curator.getByText("Эта попытка уже проверена")).toBeVisible();
    expect(curator.url()).toBe(workUrl);

    // In the app: the bell counts it, the page lists it, and opening it leads to the lesson.
    const student = await personPage(browser, people.student.email, people.student.password);
    await student.goto("/dashboard");
    const bell = student.getByRole("link", { name: /^Уведомления: \d+ непрочитанн/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(student.getByRole("heading", { name: "Уведомления", level: 1 })).toBeVisible();
    const returned = student.getByRole("button", { name: /Работа вернулась на доработку/ });
    await expect(returned).toContainText("«Интервью с клиентом»");
    await expect(returned).toContainText("«Добавьте цитаты клиентов»");
    await returned.click();
    // It leads to the curator's comment itself, on screen, not to the top of the lesson.
    await expect(student).toHaveURL(new RegExp(`/tech-founder/.+/${tool.lessonId("Интервью с клиентом")}#comment-[0-9a-f-]{36}$`));
    const commentId = new URL(student.url()).hash.slice(1);
    await expect(student.locator(`[id="${commentId}"]`)).toContainText("Добавьте цитаты клиентов");
    await expect(student.locator(`[id="${commentId}"]`)).toBeInViewport();
    const { data: read } = await service.from("notifications").select("read_at").eq("user_id", people.student.id).eq("kind", "homework_returned").single();
    expect(read!.read_at).not.toBeNull();

    // «Отметить все прочитанными» leaves the bell without a number.
    await student.goto("/notifications");
    await student.getByRole("button", { name: "Отметить все прочитанными" }).click();
    await expect(student.getByRole("link", { name: "Уведомления", exact: true })).toBeVisible();

    // By e-mail, through real SMTP, with a one-click unsubscribe.
    await expect.poll(async () => (await mailsTo(people.student.email)).map((mail) => mail.subject)).toContain("Работа вернулась на доработку");
    const mail = (await mailsTo(people.student.email)).find((item) => item.subject === "Работа вернулась на доработку")!;
    expect(mail.body).toContain("«Интервью с клиентом»");
    expect(mail.body).toContain("Добавьте цитаты клиентов");
    expect(JSON.stringify(mail)).toMatch(/\/api\/unsubscribe\?token=[0-9a-f]{64}/);

    // In Telegram, once.
    await expect
      .poll(async () => (await telegramSent()).filter((message) => Number(message.chat_id) === chatId && message.text.includes("Работа вернулась на доработку")).length)
      .toBe(1);
    const message = (await telegramSent()).find((item) => Number(item.chat_id) === chatId && item.text.includes("Работа вернулась на доработку"))!;
    expect(message.text).toContain("Добавьте цитаты клиентов");
  });

  test("an admin's bell counts the admin's own notifications, never the students'", async ({ browser }) => {
    // The students' welcomes and this spec's notifications are readable by an admin's row level security.
    const { count: own } = await service.from("notifications").select("id", { count: "exact", head: true }).eq("user_id", people.admin.id).is("read_at", null);
    const { count: everyone } = await service.from("notifications").select("id", { count: "exact", head: true }).is("read_at", null);
    expect(everyone).toBeGreaterThan(own!);
    const admin = await personPage(browser, people.admin.email, people.admin.password);
    const bell = admin.getByRole("navigation", { name: "Аккаунт" }).getByRole("link", { name: /^Уведомления/ });
    // Every admin hears of each sale («Новая продажа»): one made by a spec running beside this one
    // lands between a count and the page, so the two are taken again until they agree.
    await expect(async () => {
      await admin.goto("/admin");
      const { count: unread } = await service.from("notifications").select("id", { count: "exact", head: true }).eq("user_id", people.admin.id).is("read_at", null);
      await expect(bell).toHaveAccessibleName(unread ? new RegExp(`^Уведомления: ${unread} `) : "Уведомления", { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await bell.click();
    await expect(admin.getByRole("heading", { name: "Уведомления", level: 1 })).toBeVisible();
    await expect(admin.getByRole("button", { name: /Работа вернулась на доработку/ })).toHaveCount(0);
    const { count: listed } = await service.from("notifications").select("id", { count: "exact", head: true }).eq("user_id", people.admin.id);
    await expect(admin.getByRole("list", { name: "Список уведомлений" }).getByRole("listitem")).toHaveCount(Math.min(listed!, 30));
  });
});

test.describe("the machine doors", () => {
  test("the cron route runs the worker only with the platform's secret", async ({ request }) => {
    for (const authorization of [undefined, "Bearer wrong", `Basic ${E2E_CRON_SECRET}`, `Bearer ${E2E_CRON_SECRET}x`]) {
      const refused = await request.get("/api/cron/notifications", { headers: authorization ? { authorization } : {} });
      expect(refused.status(), String(authorization)).toBe(401);
      expect(await refused.text()).toMatch(/\p{Script=Cyrillic}/u);
    }
    const ran = await request.get("/api/cron/notifications", { headers: { authorization: `Bearer ${E2E_CRON_SECRET}` } });
    expect(ran.status()).toBe(200);
    expect(Object.keys(await ran.json()).sort()).toEqual(["announced", "claimed", "failed", "reminded", "retried", "sent", "skipped"]);
  });

  test("the Telegram webhook answers only Telegram's secret, and never fails on a strange update", async ({ request }) => {
    const update = { update_id: 1, message: { message_id: 1, date: 0, chat: { id: 1, type: "private" }, text: "/stop" } };
    for (const secret of [undefined, "wrong", `${E2E_TELEGRAM.webhookSecret}x`, E2E_TELEGRAM.webhookSecret.slice(1)]) {
      const refused = await request.post("/api/telegram/webhook", { data: update, headers: secret ? { "x-telegram-bot-api-secret-token": secret } : {} });
      expect(refused.status(), String(secret)).toBe(401);
    }
    for (const body of ["{", "[]", JSON.stringify({ update_id: "x" }), JSON.stringify({ update_id: 2, message: { text: 5 } })]) {
      const answer = await request.post("/api/telegram/webhook", {
        data: body,
        headers: { "x-telegram-bot-api-secret-token": E2E_TELEGRAM.webhookSecret, "content-type": "application/json" },
      });
      expect(answer.status(), body).toBe(200);
    }
  });
});
