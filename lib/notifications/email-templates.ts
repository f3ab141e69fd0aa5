import { CONFIGURABLE_KINDS, describeNotification, QUOTE_LABEL, type NotificationKind } from "@/lib/domain/notifications";
import { SITE_NAME } from "@/lib/site";

/**
 * A notification as an e-mail: the words of describeNotification, a greeting, a button to the
 * page it is about, and the footer every mailing needs (why it came, one-click unsubscribe, the
 * settings). Pure: the worker renders, lib/notifications/email.ts sends.
 */

export interface NotificationEmailInput {
  kind: NotificationKind;
  payload: unknown;
  fullName: string | null | undefined;
  /** The site's public address (NEXT_PUBLIC_SITE_URL), without a trailing slash or with one. */
  siteUrl: string;
  /** The recipient's unsubscribe token (claim_deliveries hands it out for e-mail deliveries). */
  unsubscribeToken: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

type ConfigurableKind = (typeof CONFIGURABLE_KINDS)[number]["kind"];

const isConfigurable = (kind: NotificationKind): kind is ConfigurableKind => CONFIGURABLE_KINDS.some((entry) => entry.kind === kind);

const BUTTONS: Record<NotificationKind, string> = {
  welcome: "Начать обучение",
  homework_returned: "Открыть урок",
  homework_accepted: "Открыть урок",
  review_waiting: "Перейти к проверке",
  access_opened: "Открыть материалы",
  item_unlocked: "Открыть материалы",
  payment_received: "Перейти к обучению",
  new_sale: "Открыть заказы",
  refund_made: "Открыть школу",
  order_unpaid: "Вернуться к оплате",
  certificate_issued: "Открыть сертификаты",
};

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/**
 * The name as a greeting may show it: one line (a newline in a name would forge lines of the
 * plain-text mail), without bidirectional overrides that could reorder what follows, and short.
 */
function displayName(fullName: string | null | undefined): string {
  const name = (fullName ?? "")
    .replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/g, "")
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim();
  return [...name].slice(0, 80).join("").trim();
}

export const greetingFor = (fullName: string | null | undefined) => {
  const name = displayName(fullName);
  return name ? `Здравствуйте, ${name}!` : "Здравствуйте!";
};

/**
 * The one-click unsubscribe address: the page (`/unsubscribe`, asks first) or the RFC 8058 endpoint
 * (`/api/unsubscribe`, acts on a POST). Without a kind, it turns off every notification e-mail: the
 * welcome letter comes once, so «such letters» can only mean all of them.
 */
export function unsubscribeUrl(siteUrl: string, route: "/unsubscribe" | "/api/unsubscribe", token: string, kind: NotificationKind | null): string {
  const query = new URLSearchParams({ token });
  if (kind && isConfigurable(kind)) query.set("kind", kind);
  return `${trimSlash(siteUrl)}${route}?${query}`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The curators' hourly digest counts its works, like describeNotification (1 when the payload says nothing usable). */
function digestCount(payload: unknown): number {
  if (typeof payload !== "object" || payload === null || !("count" in payload)) return 1;
  const { count } = payload;
  return typeof count === "number" && Number.isInteger(count) && count > 0 ? count : 1;
}

export function renderNotificationEmail({ kind, payload, fullName, siteUrl, unsubscribeToken }: NotificationEmailInput): RenderedEmail {
  const site = trimSlash(siteUrl);
  const { title, text, path, quote } = describeNotification(kind, payload);
  const subject = kind === "review_waiting" ? `${title}: ${digestCount(payload)}` : title;
  const link = `${site}${path}`;
  const settings = `${site}/settings`;
  const unsubscribe = unsubscribeUrl(site, "/unsubscribe", unsubscribeToken, kind);
  const oneClick = unsubscribeUrl(site, "/api/unsubscribe", unsubscribeToken, kind);
  const greeting = greetingFor(fullName);
  const reason = kind === "review_waiting" ? "проверяете работы в Школе IT-фаундеров" : "учитесь в Школе IT-фаундеров";
  const optOut = isConfigurable(kind) ? "Отписаться от таких писем" : "Отписаться от писем школы";

  const plain = [
    greeting,
    "",
    text,
    ...(quote ? ["", `${QUOTE_LABEL}: «${quote}»`] : []),
    "",
    `${BUTTONS[kind]}: ${link}`,
    "",
    "—",
    `Вы получили это письмо, потому что ${reason}. ${optOut}: ${unsubscribe}`,
    `Настроить уведомления: ${settings}`,
    "",
  ].join("\n");

  return {
    subject,
    text: plain,
    html: renderHtml({ subject, title, greeting, text, quote, link, button: BUTTONS[kind], reason, optOut, unsubscribe, settings }),
    headers: {
      "List-Unsubscribe": `<${oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      // RFC 3834: vacation auto-replies stay away from a mailing no one reads replies to.
      "Auto-Submitted": "auto-generated",
    },
  };
}

interface HtmlParts {
  subject: string;
  title: string;
  greeting: string;
  text: string;
  quote: string | undefined;
  link: string;
  button: string;
  reason: string;
  optOut: string;
  unsubscribe: string;
  settings: string;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const MUTED = "#71717a";
const ACCENT = "#3b3fd8";

/** Tables and inline styles only: what mail clients render alike; no remote images, nothing to track. */
function renderHtml(parts: HtmlParts): string {
  const e = escapeHtml;
  const { link, unsubscribe, settings } = parts;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f4f5;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:12px;">
<tr><td style="padding:32px 28px;${FONT};font-size:16px;line-height:1.5;color:#18181b;">
<p style="margin:0 0 8px;font-size:13px;color:${MUTED};">${e(SITE_NAME)}</p>
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;font-weight:700;color:#18181b;">${e(parts.title)}</h1>
<p style="margin:0 0 12px;">${e(parts.greeting)}</p>
<p style="margin:0 0 ${parts.quote ? 16 : 24}px;">${e(parts.text)}</p>
${parts.quote ? `<p style="margin:0 0 6px;font-size:13px;color:${MUTED};">${e(QUOTE_LABEL)}</p>\n<blockquote style="margin:0 0 24px;padding:8px 12px;border-left:4px solid ${ACCENT};background-color:#f4f4f5;">${e(parts.quote)}</blockquote>\n` : ""}<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td style="border-radius:8px;background-color:${ACCENT};">
<a href="${e(link)}" target="_blank" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px;">${e(parts.button)}</a>
</td>
</tr></table>
<p style="margin:20px 0 0;font-size:13px;color:${MUTED};">Если кнопка не открывается, скопируйте ссылку: <a href="${e(link)}" target="_blank" style="color:${MUTED};word-break:break-all;">${e(link)}</a></p>
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:16px 28px;${FONT};font-size:12px;line-height:1.5;color:${MUTED};">
<p style="margin:0 0 6px;">Вы получили это письмо, потому что ${e(parts.reason)}. <a href="${e(unsubscribe)}" target="_blank" style="color:${MUTED};">${e(parts.optOut)}</a></p>
<p style="margin:0;">Настроить уведомления: <a href="${e(settings)}" target="_blank" style="color:${MUTED};">${e(settings)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
