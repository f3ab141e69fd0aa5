import type { BackendConfig, EmailTemplateKind } from "../config";
import type { Mailbox } from "../mailbox";

export interface EmailData {
  SiteURL: string;
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  RedirectTo: string;
  Email: string;
}

const DEFAULT_TEMPLATES: Record<"recovery" | "confirmation", { subject: string; content: string }> = {
  recovery: {
    subject: "Reset Your Password",
    content: `<h2>Reset Password</h2><p>Follow this link to reset the password for your user:</p><p><a href="{{ .ConfirmationURL }}">Reset Password</a></p><p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
  confirmation: {
    subject: "Confirm Your Signup",
    content: `<h2>Confirm your signup</h2><p>Follow this link to confirm your user:</p><p><a href="{{ .ConfirmationURL }}">Confirm your mail</a></p><p>Alternatively, enter the code: {{ .Token }}</p>`,
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" })[char]!);

/** Fills `{{ .Name }}` placeholders, escaped as Go's html/template would; other template syntax is not supported. */
export function renderTemplate(template: string, data: EmailData): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (placeholder, name: string) =>
    name in data ? escapeHtml(data[name as keyof EmailData]) : placeholder,
  );
}

const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|#34|#39|quot);/g, (_, entity: string) =>
    ({ amp: "&", lt: "<", gt: ">", "#34": '"', "#39": "'", quot: '"' })[entity]!,
  );

/** Sends an auth email through the local mailbox, from the project's template when there is one. */
export async function sendAuthEmail(
  config: BackendConfig,
  mailbox: Mailbox,
  kind: Extract<EmailTemplateKind, "recovery" | "confirmation">,
  data: EmailData,
) {
  const template = config.emailTemplates[kind] ?? DEFAULT_TEMPLATES[kind];
  const html = renderTemplate(template.content, data);
  const link = html.match(/href="([^"]+)"/)?.[1];
  const text = decodeEntities(
    html
      .replace(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g, "$2: $1")
      .replace(/<\/(p|h\d|li)>/g, "\n")
      .replace(/<[^>]+>/g, ""),
  ).trim();
  await mailbox.send(data.Email, template.subject, text, link ? decodeEntities(link) : null);
}
