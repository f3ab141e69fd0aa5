import type { AddressInfo } from "node:net";
// smtp-server and mailparser: Nodemailer's own receiving side, maintained with it, pure JavaScript
// with no install scripts; a catcher in the process keeps `npm run dev` free of Docker (Mailpit).
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { decodeEntities } from "./auth/mailer";
import type { Mailbox, NewMail } from "./mailbox";

/** The largest message accepted; a larger one is answered 552 (RFC 1870's "exceeds fixed maximum"). */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface SmtpCatcher {
  port: number;
  close(): Promise<void>;
}

const unfold = (text: string) => text.replace(/\r?\n[ \t]+/g, " ").trim();

/** Every header as it was sent (unfolded, encoded words kept), names in lower case. */
function rawHeaders(parsed: ParsedMail): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const { key, line } of parsed.headerLines) {
    const value = unfold(line.slice(line.indexOf(":") + 1));
    const seen = headers[key];
    headers[key] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return headers;
}

/** The first web link of the mail: its HTML's first href, else the first address in its text. */
function firstLink(parsed: ParsedMail): string | null {
  const href = typeof parsed.html === "string" ? parsed.html.match(/<a\s[^>]*?href\s*=\s*["'](https?:[^"']+)["']/i)?.[1] : undefined;
  if (href) return decodeEntities(href);
  return parsed.text?.match(/https?:\/\/[^\s<>"]+/)?.[0] ?? null;
}

/** The mailbox rows of one message: one per RCPT, Bcc included, as a real mailbox would get it. */
export function mailsOf(parsed: ParsedMail, session: Pick<SMTPServerSession, "envelope">): NewMail[] {
  const mailFrom = session.envelope.mailFrom;
  const shared = {
    subject: parsed.subject ?? "",
    body: parsed.text ?? "",
    link: firstLink(parsed),
    source: "smtp" as const,
    sender: parsed.from?.text || (mailFrom ? mailFrom.address : null),
    html: typeof parsed.html === "string" ? parsed.html : null,
    messageId: parsed.messageId ?? null,
    headers: rawHeaders(parsed),
  };
  return session.envelope.rcptTo.map((recipient) => ({ ...shared, recipient: recipient.address }));
}

/** Reads the message, keeping nothing once it is past the limit (the server then answers 552). */
function readMessage(stream: SMTPServerDataStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => {
      if (!stream.sizeExceeded) chunks.push(chunk);
    });
    stream.on("end", () => resolve(stream.sizeExceeded ? null : Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/**
 * The local SMTP server, like the Supabase CLI's Mailpit: on loopback, without TLS, accepting any
 * credentials or none, and keeping every message in the mailbox beside Auth's emails.
 */
export async function startSmtpCatcher(mailbox: Mailbox, port: number, log: (line: string) => void): Promise<SmtpCatcher> {
  const server = new SMTPServer({
    name: "127.0.0.1",
    banner: "local-backend SMTP catcher",
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    // No certificate a client would trust: offering STARTTLS would only make clients fail.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    allowInsecureAuth: true,
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 200,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "local" });
    },
    onData(stream, session, callback) {
      readMessage(stream)
        .then(async (message) => {
          if (!message) return callback();
          for (const mail of mailsOf(await simpleParser(message), session)) await mailbox.store(mail);
          callback();
        })
        .catch((error: Error) => {
          log(`SMTP: message not stored: ${error.message}`);
          callback(Object.assign(new Error("Error: message not stored, try again"), { responseCode: 451 }));
        });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client that drops its connection must not bring the backend down.
  server.on("error", (error) => log(`SMTP: ${error.message}`));
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
