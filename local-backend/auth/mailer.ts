import type { BackendConfig, EmailTemplateKind } from "../config";
import type { Mailbox } from "../mailbox";

/** What a template may use, as Supabase Auth's template mailer hands it over. */
export interface EmailData {
  SiteURL: string;
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  RedirectTo: string;
  /** The user's current address. */
  Email: string;
  /** An email change only: the address asked for. */
  NewEmail?: string;
  /** An email change only: the address this copy goes to (the current one or the new one). */
  SendingTo?: string;
}

type SentKind = Extract<EmailTemplateKind, "recovery" | "confirmation" | "email_change">;

// Supabase Auth's defaults (internal/mailer/templatemailer), for a kind config.toml gives no template.
const DEFAULT_TEMPLATES: Record<SentKind, { subject: string; content: string }> = {
  recovery: {
    subject: "Reset Your Password",
    content: `<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p><p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  confirmation: {
    subject: "Confirm Your Signup",
    content: `<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p><p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  email_change: {
    subject: "Confirm your new email address",
    content: `<h2>Confirm your new email address</h2>

<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" })[char]!);

/** Fills `{{ .Name }}` placeholders, escaped as Go's html/template would; other template syntax is not supported. */
export function renderTemplate(template: string, data: EmailData): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (placeholder, name: string) => {
    const value = data[name as keyof EmailData];
    return value === undefined ? placeholder : escapeHtml(value);
  });
}

export const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|#34|#39|quot);/g, (_, entity: string) =>
    ({ amp: "&", lt: "<", gt: ">", "#34": '"', "#39": "'", quot: '"' })[entity]!,
  );

/**
 * Sends an auth email through the local mailbox, from the project's template when there is one,
 * to `SendingTo` when the data names it (an email change writes to two addresses), else to `Email`.
 */
export async function sendAuthEmail(config: BackendConfig, mailbox: Mailbox, kind: SentKind, data: EmailData) {
  const template = config.emailTemplates[kind] ?? DEFAULT_TEMPLATES[kind];
  const html = renderTemplate(template.content, data);
  const link = html.match(/href="([^"]+)"/)?.[1];
  const text = decodeEntities(
    html
      .replace(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g, "$2: $1")
      .replace(/<\/(p|h\d|li)>/g, "\n")
      .replace(/<[^>]+>/g, ""),
  ).trim();
  await mailbox.send(data.SendingTo ?? data.Email, template.subject, text, link ? decodeEntities(link) : null, html);
}
