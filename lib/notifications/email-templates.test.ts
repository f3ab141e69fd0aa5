import { describe, expect, it } from "vitest";
import type { NotificationKind } from "@/lib/domain/notifications";
import { escapeHtml, greetingFor, renderNotificationEmail, unsubscribeUrl, type NotificationEmailInput } from "./email-templates";

const SITE = "https://school.example";
const TOKEN = "a".repeat(32) + "0123456789abcdef0123456789abcdef";

const lesson = { lesson_id: "9b2f0c1e-0000-4000-8000-000000000001", lesson_title: "Первый запуск", tool_name: "Lovable", module_id: null };

function render(overrides: Partial<NotificationEmailInput> = {}) {
  return renderNotificationEmail({ kind: "homework_accepted", payload: lesson, fullName: "Анна", siteUrl: SITE, unsubscribeToken: TOKEN, ...overrides });
}

/** The text of the HTML as a reader sees it: tags dropped, entities decoded. */
const visible = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1].replace(/&amp;/g, "&"));

describe("renderNotificationEmail", () => {
  it("greets by name, says what happened and links to the page it is about", () => {
    const mail = render();
    expect(mail.subject).toBe("Работа принята");
    expect(mail.text).toContain("Здравствуйте, Анна!");
    expect(mail.text).toContain("Домашнее задание к уроку «Первый запуск» принято.");
    // Nothing promises the next lesson, which a date or another stop-lesson may still hold.
    expect(mail.text).not.toContain("дальше");
    expect(mail.text).toContain(`Открыть урок: ${SITE}/tech-founder/lovable/${lesson.lesson_id}`);
    expect(visible(mail.html)).toContain("Здравствуйте, Анна!");
    expect(visible(mail.html)).toContain("Домашнее задание к уроку «Первый запуск» принято.");
    // The button comes first: the local mailbox and a reader both take it as the mail's link.
    expect(hrefs(mail.html)[0]).toBe(`${SITE}/tech-founder/lovable/${lesson.lesson_id}#homework`);
  });

  it("quotes the curator's comment, escaped, and links to it", () => {
    const comment = `Добавьте <b>цитаты</b> клиентов. ${"Подробнее ".repeat(60)}`;
    const mail = render({ kind: "homework_returned", payload: { ...lesson, submission_id: "s1", comment_id: "c1", comment } });
    expect(mail.text).toMatch(/\nКомментарий куратора: «Добавьте <b>цитаты<\/b> клиентов\. Подробнее .*…»\n/);
    expect(mail.text).not.toContain("Подробнее ".repeat(40));
    expect(mail.html).toContain("<blockquote");
    expect(mail.html).not.toContain("<b>цитаты");
    expect(visible(mail.html)).toContain("Комментарий куратора Добавьте <b>цитаты</b> клиентов.");
    expect(hrefs(mail.html)[0]).toBe(`${SITE}/tech-founder/lovable/${lesson.lesson_id}#comment-c1`);
  });

  it.each([
    ["no name", null],
    ["an empty name", ""],
    ["blanks", "  \n\t "],
  ])("greets without a name for %s", (_, fullName) => {
    expect(render({ fullName }).text.startsWith("Здравствуйте!\n")).toBe(true);
  });

  it("keeps a name to one line without direction overrides", () => {
    expect(greetingFor("Анна\r\nТема: ваш пароль")).toBe("Здравствуйте, Анна Тема: ваш пароль!");
    expect(greetingFor("\u202Eанна")).toBe("Здравствуйте, анна!");
    expect(greetingFor("Я".repeat(500))).toBe(`Здравствуйте, ${"Я".repeat(80)}!`);
  });

  it("escapes the name and lesson titles in the HTML, and keeps them as written in the text", () => {
    const name = `<script>alert("x")</script> O'Hara & Co`;
    const title = `"><img src=x onerror=alert(1)> <b>жирный</b>`;
    const mail = render({ fullName: name, payload: { ...lesson, lesson_title: title } });
    expect(mail.html).not.toMatch(/<script|<img|<b>|onerror=alert\(1\)>/);
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Hara &amp; Co");
    expect(visible(mail.html)).toContain(`Здравствуйте, ${name}!`);
    expect(visible(mail.html)).toContain(`«${title}»`);
    expect(mail.text).toContain(`Здравствуйте, ${name}!`);
    expect(mail.text).toContain(`«${title}»`);
  });

  it("escapes a tool name inside the link's address", () => {
    const mail = render({ payload: { ...lesson, tool_name: `a"b<c>` } });
    for (const href of hrefs(mail.html)) expect(href).not.toMatch(/["<>]/);
    expect(mail.html).not.toContain('a"b');
  });

  it("has a footer with the reason, the unsubscribe page and the settings", () => {
    const mail = render({ siteUrl: `${SITE}/` });
    const page = `${SITE}/unsubscribe?token=${TOKEN}&kind=homework_accepted`;
    expect(mail.text).toContain(`Вы получили это письмо, потому что учитесь в Школе IT-фаундеров. Отписаться от таких писем: ${page}`);
    expect(mail.text).toContain(`Настроить уведомления: ${SITE}/settings`);
    expect(visible(mail.html)).toContain("Вы получили это письмо, потому что учитесь в Школе IT-фаундеров. Отписаться от таких писем");
    expect(visible(mail.html)).toContain(`Настроить уведомления: ${SITE}/settings`);
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([page, `${SITE}/settings`]));
  });

  it("asks for a one-click unsubscribe in the headers (RFC 8058)", () => {
    expect(render().headers).toEqual({
      "List-Unsubscribe": `<${SITE}/api/unsubscribe?token=${TOKEN}&kind=homework_accepted>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      "Auto-Submitted": "auto-generated",
    });
  });

  it("unsubscribes from every e-mail from the welcome letter, which comes only once", () => {
    const mail = render({ kind: "welcome", payload: { name: "Анна" } });
    expect(mail.subject).toBe("Добро пожаловать в Школу IT-фаундеров!");
    expect(mail.headers["List-Unsubscribe"]).toBe(`<${SITE}/api/unsubscribe?token=${TOKEN}>`);
    expect(mail.text).toContain(`Отписаться от писем школы: ${SITE}/unsubscribe?token=${TOKEN}\n`);
    expect(mail.text).toContain(`Начать обучение: ${SITE}/dashboard`);
  });

  it("counts the curators' digest in the subject and tells curators why they got it", () => {
    const mail = render({ kind: "review_waiting", payload: { count: 3 } });
    expect(mail.subject).toBe("Новые работы на проверку: 3");
    expect(mail.text).toContain("3 новые работы ждут проверки.");
    expect(mail.text).toContain("потому что проверяете работы в Школе IT-фаундеров");
    expect(mail.text).toContain(`Перейти к проверке: ${SITE}/admin/reviews`);
    expect(render({ kind: "review_waiting", payload: { count: "много" } }).subject).toBe("Новые работы на проверку: 1");
  });

  it.each<[NotificationKind, unknown]>([
    ["welcome", null],
    ["homework_returned", { nonsense: true }],
    ["homework_accepted", "строка"],
    ["review_waiting", []],
    ["access_opened", { items: [] }],
    ["item_unlocked", 42],
  ])("renders %s with an unexpected payload, linking to a page of the site", (kind, payload) => {
    const mail = render({ kind, payload });
    expect(mail.subject).toMatch(/\p{Script=Cyrillic}/u);
    expect(hrefs(mail.html)[0]).toMatch(new RegExp(`^${SITE}/(dashboard|admin/reviews)$`));
  });

  it("uses inline styles only and loads nothing from elsewhere", () => {
    const { html } = render({ kind: "item_unlocked", payload: { items: [{ kind: "module", id: "m1", title: "Идея" }] } });
    expect(html).not.toMatch(/<style|<link|<img|<script|url\(/i);
    for (const href of hrefs(html)) expect(href.startsWith(`${SITE}/`)).toBe(true);
  });
});

describe("unsubscribeUrl", () => {
  it("puts the token and the kind in the query, encoded", () => {
    expect(unsubscribeUrl(SITE, "/unsubscribe", "a b&c", "access_opened")).toBe(`${SITE}/unsubscribe?token=a+b%26c&kind=access_opened`);
  });
});

describe("escapeHtml", () => {
  it("escapes what could end a text or an attribute", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;");
  });
});
