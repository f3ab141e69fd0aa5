import { createServer, type AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renderNotificationEmail } from "./email-templates";
import { emailConfigured, messageIdFor, senderDomain, sendNotificationEmail, smtpFailure } from "./email";


const ENV_KEYS = ["SMTP_URL", "EMAIL_FROM"] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
afterEach(() => {
  // Files share a worker's process.env (vitest.config.ts: isolate false).
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

interface Received {
  from: string | undefined;
  to: string[];
  parsed: ParsedMail;
  raw: string;
}

/** An SMTP server in the test: it keeps what it receives and refuses the recipients the test names. */
async function startSmtp(refuse: Record<string, number> = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Its built-in certificate is self-signed: nodemailer would upgrade and refuse it.
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refuse[address.address];
      callback(code ? Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: code }) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            const mailFrom = session.envelope.mailFrom;
            received.push({ from: mailFrom ? mailFrom.address : undefined, to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed, raw: raw.toString("utf8") });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A header's value as sent, unfolded (mailparser reads the List-* headers into an object of its own). */
function header(mail: Received, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((entry) => entry.key === name)?.line;
  return line?.slice(line.indexOf(":") + 1).replace(/\r?\n[ \t]+/g, " ").trim();
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp({ "gone@example.com": 550, "busy@example.com": 451 });
});
afterAll(async () => {
  await smtp?.close();
});

const SITE = "https://school.example";
const TOKEN = "0123456789abcdef".repeat(4);
const rendered = renderNotificationEmail({
  kind: "homework_returned",
  payload: { lesson_id: "6f1c2a52-0000-4000-8000-000000000002", lesson_title: "Лендинг за вечер", tool_name: "Tilda" },
  fullName: "Анна",
  siteUrl: SITE,
  unsubscribeToken: TOKEN,
});

function configure(env: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}) {
  Object.assign(process.env, { SMTP_URL: smtp.url, EMAIL_FROM: "Школа IT-фаундеров <no-reply@school.example>", ...env });
}

describe("settings", () => {
  it("is configured by SMTP_URL alone", () => {
    configure({ SMTP_URL: " " });
    expect(emailConfigured()).toBe(false);
    configure();
    expect(emailConfigured()).toBe(true);
  });

  it("names the sender's domain in the Message-ID, in ASCII", () => {
    expect(senderDomain("Школа <robot@School.Example>")).toBe("school.example");
    expect(senderDomain("robot@пример.рф")).toBe("xn--e1afmkfd.xn--p1ai");
    expect(senderDomain("Школа IT-фаундеров")).toBe("localhost");
    expect(messageIdFor("notification-42-email", "Школа <no-reply@school.example>")).toBe("<notification-42-email@school.example>");
    expect(messageIdFor("a b<c>@d", "x@y.z")).toBe("<a-b-c--d@y.z>");
  });
});

describe("sendNotificationEmail over SMTP", () => {
  it("delivers the message with its unsubscribe headers, a Message-ID of its key and a UTF-8 subject", async () => {
    configure();
    const outcome = await sendNotificationEmail({ to: "anna@example.com", idempotencyKey: "notification-7-email", ...rendered });
    expect(outcome).toEqual({ ok: true });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(["anna@example.com"]);
    expect(mail.from).toBe("no-reply@school.example");
    expect(mail.parsed.from?.value).toEqual([{ name: "Школа IT-фаундеров", address: "no-reply@school.example" }]);
    expect(mail.parsed.subject).toBe("Работа вернулась на доработку");
    // Non-ASCII never travels raw in a header: the subject is an encoded word.
    expect(mail.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(mail.parsed.messageId).toBe("<notification-7-email@school.example>");
    expect(header(mail, "list-unsubscribe")).toBe(`<${SITE}/api/unsubscribe?token=${TOKEN}&kind=homework_returned>`);
    expect(header(mail, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail.parsed.text).toContain("Здравствуйте, Анна!");
    expect(mail.parsed.html).toContain("Лендинг за вечер");
  });

  it("sends a retried delivery as the same message", async () => {
    configure();
    const email = { to: "anna@example.com", idempotencyKey: "notification-8-email", ...rendered };
    await sendNotificationEmail(email);
    await sendNotificationEmail(email);
    const [first, second] = smtp.received.slice(-2);
    expect(first.parsed.messageId).toBe("<notification-8-email@school.example>");
    expect(second.parsed.messageId).toBe(first.parsed.messageId);
  });

  it("uses the default sender without EMAIL_FROM", async () => {
    configure({ EMAIL_FROM: "" });
    expect(await sendNotificationEmail({ to: "anna@example.com", idempotencyKey: "notification-9-email", ...rendered })).toEqual({ ok: true });
    const mail = smtp.received.at(-1)!;
    expect(mail.parsed.from?.value).toEqual([{ name: "Школа IT-фаундеров", address: "no-reply@localhost" }]);
    expect(mail.parsed.messageId).toBe("<notification-9-email@localhost>");
  });

  it("calls a 550 reply permanent", async () => {
    configure();
    const outcome = await sendNotificationEmail({ to: "gone@example.com", idempotencyKey: "notification-10-email", ...rendered });
    expect(outcome).toMatchObject({ ok: false, permanent: true });
    expect(outcome.ok || outcome.error).toMatch(/550/);
  });

  it("calls a 451 reply temporary", async () => {
    configure();
    expect(await sendNotificationEmail({ to: "busy@example.com", idempotencyKey: "notification-11-email", ...rendered })).toMatchObject({ ok: false, permanent: false });
  });

  it("calls a refused connection temporary", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    configure({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const outcome = await sendNotificationEmail({ to: "anna@example.com", idempotencyKey: "notification-12-email", ...rendered });
    expect(outcome).toMatchObject({ ok: false, permanent: false });
    expect(outcome.ok || outcome.error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
  });

  it("sends nothing, and says so, without SMTP_URL", async () => {
    configure({ SMTP_URL: "" });
    expect(await sendNotificationEmail({ to: "anna@example.com", idempotencyKey: "notification-13-email", ...rendered })).toEqual({
      ok: false,
      permanent: false,
      error: "e-mail is not configured: SMTP_URL is not set",
    });
  });
});

describe("smtpFailure", () => {
  it.each([
    [{ code: "EENVELOPE", responseCode: 550, response: "550 5.1.1 No such user" }, true],
    [{ code: "EMESSAGE", responseCode: 554, response: "554 Message rejected" }, true],
    [{ code: "EENVELOPE", responseCode: 452, response: "452 Mailbox full" }, false],
    [{ code: "EPROTOCOL", responseCode: 503, response: "503 Bad sequence of commands" }, false],
    [{ code: "EAUTH", responseCode: 535, response: "535 Authentication failed" }, false],
    [{ code: "ETIMEDOUT", message: "Greeting never received" }, false],
    [{ code: "EDNS", message: "getaddrinfo ENOTFOUND smtp.example" }, false],
    [{ code: "EENVELOPE", message: "No recipients defined" }, true],
    [new Error("something else"), false],
    ["a string", false],
  ])("%j is permanent: %s", (thrown, permanent) => {
    const outcome = smtpFailure(thrown);
    expect(outcome).toMatchObject({ ok: false, permanent });
    expect(outcome.ok || outcome.error.length).toBeGreaterThan(0);
  });
});
