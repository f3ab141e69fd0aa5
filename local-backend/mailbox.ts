import type { Database } from "./database";
import type { Reply } from "./http";

/** A mail as /mailbox?format=json lists it. */
export interface Mail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  sent_at: string;
  /** "auth" for Supabase Auth's emails, "smtp" for mail the app sent to the SMTP catcher. */
  source: "auth" | "smtp";
  sender: string | null;
  html: string | null;
  message_id: string | null;
  list_unsubscribe: string | null;
  list_unsubscribe_post: string | null;
  /** Header names in lower case; a header given more than once has all its values. */
  headers: Record<string, string | string[]>;
}

export interface NewMail {
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  source?: Mail["source"];
  sender?: string | null;
  html?: string | null;
  messageId?: string | null;
  headers?: Mail["headers"];
}

/** A header as one text: the values of a repeated one joined by ", ". */
function headerText(headers: Mail["headers"], name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

/** The local stand-in for an email provider: mails are printed and kept for /mailbox. */
export function createMailbox(db: Database, log: (line: string) => void) {
  async function list(): Promise<Mail[]> {
    const result = await db.query<Omit<Mail, "list_unsubscribe" | "list_unsubscribe_post">>(
      `select id, recipient, subject, body, link, to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as sent_at,
         source, sender, html, message_id, headers
       from _local.mailbox order by id desc limit 100`,
    );
    return result.rows.map((mail) => ({
      ...mail,
      list_unsubscribe: headerText(mail.headers, "list-unsubscribe"),
      list_unsubscribe_post: headerText(mail.headers, "list-unsubscribe-post"),
    }));
  }

  async function store(mail: NewMail) {
    await db.query(
      `insert into _local.mailbox (recipient, subject, body, link, source, sender, html, message_id, headers)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        mail.recipient,
        mail.subject,
        mail.body,
        mail.link,
        mail.source ?? "auth",
        mail.sender ?? null,
        mail.html ?? null,
        mail.messageId ?? null,
        JSON.stringify(mail.headers ?? {}),
      ],
    );
    log(`mail to ${mail.recipient}: ${mail.subject}${mail.link ? `\n  ${mail.link}` : ""}`);
  }

  return {
    /** An email of Supabase Auth. */
    async send(recipient: string, subject: string, body: string, link: string | null, html: string | null = null) {
      await store({ recipient, subject, body, link, html });
    },
    store,
    list,
    async page(format: string | null): Promise<Reply> {
      const mails = await list();
      if (format === "json") {
        return { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(mails) };
      }
      return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: mailboxPage(mails) };
    },
  };
}

export type Mailbox = ReturnType<typeof createMailbox>;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function mailItem(mail: Mail): string {
  const origin = mail.source === "smtp" ? `SMTP${mail.sender ? `, от ${escape(mail.sender)}` : ""}` : "Auth";
  const unsubscribe = mail.list_unsubscribe
    ? `<p><small>List-Unsubscribe: ${escape(mail.list_unsubscribe)}${
        mail.list_unsubscribe_post ? ` (List-Unsubscribe-Post: ${escape(mail.list_unsubscribe_post)})` : ""
      }</small></p>`
    : "";
  return `<li><p><b>${escape(mail.subject)}</b> → ${escape(mail.recipient)} <small>${escape(mail.sent_at)} UTC · ${origin}</small></p>
<pre>${escape(mail.body)}</pre>${unsubscribe}${mail.link ? `<p><a href="${escape(mail.link)}">Открыть ссылку из письма</a></p>` : ""}</li>`;
}

function mailboxPage(mails: Mail[]): string {
  const items = mails.map(mailItem).join("\n");
  return `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Локальная почта</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Локальная почта</h1><p>Письма, которые отправил локальный бэкенд, и письма приложения, принятые его SMTP-сервером (новые сверху).</p>
${items ? `<ul>${items}</ul>` : "<p>Писем пока нет.</p>"}</body></html>`;
}
