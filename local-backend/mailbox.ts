import type { Database } from "./database";
import type { Reply } from "./http";

export interface Mail {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  link: string | null;
  sent_at: string;
}

/** The local stand-in for an email provider: mails are printed and kept for /mailbox. */
export function createMailbox(db: Database, log: (line: string) => void) {
  async function list(): Promise<Mail[]> {
    const result = await db.query<Mail>(
      `select id, recipient, subject, body, link, to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS') as sent_at
       from _local.mailbox order by id desc limit 100`,
    );
    return result.rows;
  }

  return {
    async send(recipient: string, subject: string, body: string, link: string | null) {
      await db.query(`insert into _local.mailbox (recipient, subject, body, link) values ($1, $2, $3, $4)`, [
        recipient,
        subject,
        body,
        link,
      ]);
      log(`mail to ${recipient}: ${subject}${link ? `\n  ${link}` : ""}`);
    },
    list,
    async page(format: string | null): Promise<Reply> {
      const mails = await list();
      if (format === "json") {
        return { status: 200, headers: { "content-type": "application/json; charset=utf-8" }, body: JSON.stringify(mails) };
      }
      const escape = (text: string) =>
        text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
      const items = mails
        .map(
          (mail) => `<li><p><b>${escape(mail.subject)}</b> → ${escape(mail.recipient)} <small>${escape(mail.sent_at)} UTC</small></p>
<pre>${escape(mail.body)}</pre>${mail.link ? `<p><a href="${escape(mail.link)}">Открыть ссылку из письма</a></p>` : ""}</li>`,
        )
        .join("\n");
      const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Локальная почта</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem}li{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap}</style>
</head><body><h1>Локальная почта</h1><p>Письма, которые отправил локальный бэкенд (новые сверху).</p>
${items ? `<ul>${items}</ul>` : "<p>Писем пока нет.</p>"}</body></html>`;
      return { status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body: html };
    },
  };
}

export type Mailbox = ReturnType<typeof createMailbox>;
