import "server-only";
import { SITE_NAME, SITE_URL } from "@/lib/site";
import { createServiceClient } from "@/lib/supabase/service";
import { sendNotificationEmail } from "./email";
import { escapeHtml } from "./email-templates";

/**
 * The letter that proves a new account's address (migration …1400). Supabase Auth confirms
 * sign-ups at once here (so signing up leads straight to /dashboard) and never proves the
 * address, so the app mails its own link; until it is followed, the account's e-mails wait and
 * Telegram cannot be linked. The token is issued by the service role alone: a student who could
 * issue one for themselves could prove an address they do not hold.
 */

export type EmailProofSent = "sent" | "too-soon" | "not-needed" | "unavailable";

export const EMAIL_PROOF_SUBJECT = `Подтвердите адрес e-mail — ${SITE_NAME}`;

export const emailProofUrl = (token: string) => `${SITE_URL.replace(/\/$/, "")}/auth/verify-email?${new URLSearchParams({ token })}`;

export function renderEmailProof(to: string, token: string) {
  const url = emailProofUrl(token);
  const lines = [
    `Кто-то (надеемся, вы) зарегистрировался в ${SITE_NAME} с адресом ${to}.`,
    "Чтобы подтвердить, что адрес ваш, откройте ссылку:",
  ];
  const after = "Пока адрес не подтверждён, школа не отправляет на него писем и к аккаунту нельзя подключить Telegram. Ссылка действует сутки. Если вы не регистрировались, ничего не делайте.";
  return {
    subject: EMAIL_PROOF_SUBJECT,
    text: `${lines.join("\n")}\n${url}\n\n${after}`,
    html:
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("") +
      `<p><a href="${escapeHtml(url)}">Подтвердить адрес</a></p><p>${escapeHtml(after)}</p>`,
    headers: {},
  };
}

/** Issues a new link for the account and mails it to its address, at most once a minute. Never throws. */
export async function sendEmailProof(userId: string, email: string): Promise<EmailProofSent> {
  try {
    return await issueAndSend(userId, email);
  } catch (thrown) {
    console.error("email proof:", thrown);
    return "unavailable";
  }
}

async function issueAndSend(userId: string, email: string): Promise<EmailProofSent> {
  const { data: token, error } = await createServiceClient().rpc("issue_email_proof", { _user_id: userId });
  if (error) {
    if (error.hint === "email_proof_too_soon") return "too-soon";
    console.error("email proof: token not issued:", error.message);
    return "unavailable";
  }
  if (!token) return "not-needed";
  const sent = await sendNotificationEmail({ to: email, idempotencyKey: `email-proof-${token.slice(0, 16)}`, ...renderEmailProof(email, token) });
  if (!sent.ok) {
    console.error("email proof: not sent:", sent.error);
    return "unavailable";
  }
  return "sent";
}
