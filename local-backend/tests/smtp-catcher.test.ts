import { createConnection } from "node:net";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mail } from "@/local-backend/mailbox";
import type { LocalBackend } from "@/local-backend/server";
import { MAX_MESSAGE_BYTES } from "@/local-backend/smtp-catcher";
import { startTestBackend, uniqueEmail } from "./harness";

let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const transport = (options: { auth?: { user: string; pass: string } } = {}) =>
  nodemailer.createTransport({ host: "127.0.0.1", port: backend.smtpPort, secure: false, ...options });

async function mailbox(): Promise<Mail[]> {
  return (await fetch(`${backend.url}/mailbox?format=json`)).json();
}

const byMessageId = async (messageId: string) => (await mailbox()).filter((mail) => mail.message_id === messageId);

describe("the SMTP catcher", () => {
  it("listens on loopback and says where, like the Supabase CLI's Mailpit", () => {
    expect(backend.smtpPort).toBeGreaterThan(0);
    expect(backend.smtpUrl).toBe(`smtp://127.0.0.1:${backend.smtpPort}`);
  });

  it("keeps a message once per recipient, Bcc included, with its sender, headers and first link", async () => {
    const [first, second, hidden] = [uniqueEmail("to"), uniqueEmail("cc"), uniqueEmail("bcc")];
    const info = await transport().sendMail({
      from: "Школа IT-фаундеров <noreply@school.test>",
      to: first,
      cc: second,
      bcc: hidden,
      subject: "Новый урок открыт",
      text: "Откройте урок: http://localhost:3000/lessons/1",
      html: '<p>Открылся <a href="http://localhost:3000/lessons/1?from=mail&amp;x=1">новый урок</a>.</p><p><a href="http://localhost:3000/settings">Настройки</a></p>',
      list: { unsubscribe: "http://localhost:3000/unsubscribe?token=abc" },
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    expect(info.accepted).toEqual([first, second, hidden]);
    const mails = await byMessageId(info.messageId);
    expect(mails.map((mail) => mail.recipient).sort()).toEqual([first, second, hidden].sort());
    const mail = mails.find((item) => item.recipient === hidden)!;
    expect(mail).toMatchObject({
      source: "smtp",
      sender: '"Школа IT-фаундеров" <noreply@school.test>',
      subject: "Новый урок открыт",
      body: "Откройте урок: http://localhost:3000/lessons/1",
      link: "http://localhost:3000/lessons/1?from=mail&x=1",
      message_id: info.messageId,
      list_unsubscribe: "<http://localhost:3000/unsubscribe?token=abc>",
      list_unsubscribe_post: "List-Unsubscribe=One-Click",
    });
    expect(mail.html).toContain("новый урок");
    expect(mail.headers["message-id"]).toBe(info.messageId);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Bcc travels in the envelope only, as with any real server.
    expect(mail.headers.bcc).toBeUndefined();
    expect(mail.sent_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it("takes the link from the text when there is no HTML, and any credentials", async () => {
    const to = uniqueEmail("plain");
    const info = await transport({ auth: { user: "app", pass: "whatever" } }).sendMail({
      from: "noreply@school.test",
      to,
      subject: "Только текст",
      text: "Ссылка: https://example.com/a?b=1 и ещё http://example.com/second",
    });
    const [mail] = await byMessageId(info.messageId);
    expect(mail).toMatchObject({ recipient: to, sender: "noreply@school.test", html: null, link: "https://example.com/a?b=1" });
    expect(mail.list_unsubscribe).toBeNull();
  });

  it("derives the text of an HTML-only message", async () => {
    const to = uniqueEmail("html");
    const info = await transport().sendMail({
      from: "noreply@school.test",
      to,
      subject: "Только HTML",
      html: "<h1>Привет</h1><p>Домашнее задание принято.</p>",
    });
    const [mail] = await byMessageId(info.messageId);
    expect(mail.body).toContain("Домашнее задание принято.");
    expect(mail.link).toBeNull();
  });

  it(`refuses a message over ${MAX_MESSAGE_BYTES / 1024 / 1024} MB with 552 and keeps nothing`, async () => {
    const to = uniqueEmail("huge");
    const body = `${"x".repeat(76)}\r\n`.repeat(Math.ceil(MAX_MESSAGE_BYTES / 78) + 10);
    const raw = `From: noreply@school.test\r\nTo: ${to}\r\nSubject: huge\r\nMessage-ID: <huge-${Date.now()}@school.test>\r\n\r\n${body}`;
    const sending = transport().sendMail({ envelope: { from: "noreply@school.test", to: [to] }, raw });
    await expect(sending).rejects.toMatchObject({ responseCode: 552 });
    expect((await mailbox()).some((mail) => mail.recipient === to)).toBe(false);
  });

  it("shows SMTP mail on the mailbox page, in Russian", async () => {
    const to = uniqueEmail("page");
    await transport().sendMail({
      from: "Школа <noreply@school.test>",
      to,
      subject: "Письмо для страницы",
      text: "Текст",
      list: { unsubscribe: "http://localhost:3000/unsubscribe?token=page" },
    });
    const page = await (await fetch(`${backend.url}/mailbox`)).text();
    expect(page).toContain("Письмо для страницы");
    expect(page).toContain("SMTP, от");
    expect(page).toContain("List-Unsubscribe: &#60;http://localhost:3000/unsubscribe?token=page&#62;");
  });
});

it("closes the SMTP port with the backend", async () => {
  const own = await startTestBackend();
  const port = own.smtpPort;
  await own.close();
  const refused = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.on("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.on("error", () => resolve(true));
  });
  expect(refused).toBe(true);
});
