import { domainToASCII } from "node:url";
import nodemailer from "nodemailer";
import type { RenderedEmail } from "./email-templates";
import type { DeliveryOutcome } from "./outcome";

/**
 * Notification e-mail over SMTP (nodemailer). Settings come from the environment:
 * SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`; its query may set any nodemailer SMTP
 * option) and EMAIL_FROM (the sender as mail clients show it). Without SMTP_URL nothing is sent.
 */

export const DEFAULT_EMAIL_FROM = "Школа IT-фаундеров <no-reply@localhost>";

/** A server that accepts the connection and then says nothing must not hold the worker's lease. */
const TIMEOUT_MS = 10_000;

export interface EmailSettings {
  smtpUrl: string;
  from: string;
}

export function emailSettings(): EmailSettings | null {
  const smtpUrl = process.env.SMTP_URL?.trim();
  if (!smtpUrl) return null;
  return { smtpUrl, from: process.env.EMAIL_FROM?.trim() || DEFAULT_EMAIL_FROM };
}

/** Whether this server can send e-mail at all. */
export function emailConfigured(): boolean {
  return emailSettings() !== null;
}

export interface NotificationEmail extends RenderedEmail {
  to: string;
  /** The same for every attempt at one delivery (lib/notifications/deliver.ts: deliveryKey). */
  idempotencyKey: string;
}

/** The domain of the sender's address, as Message-ID needs it (ASCII: an internationalised domain in punycode). */
export function senderDomain(from: string): string {
  const address = /<([^<>]*)>\s*$/.exec(from)?.[1] ?? from;
  const at = address.lastIndexOf("@");
  const domain = at < 0 ? "" : domainToASCII(address.slice(at + 1).trim());
  return /^[A-Za-z0-9.-]+$/.test(domain) ? domain.toLowerCase() : "localhost";
}

/**
 * The Message-ID of one delivery, the same on every attempt: a message sent again after a crash
 * (between the send and its record) is recognisably the same one, and mail systems that
 * deduplicate by Message-ID drop the copy.
 */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const local = idempotencyKey.replace(/[^A-Za-z0-9_-]/g, "-") || "notification";
  return `<${local}@${senderDomain(from)}>`;
}

/** Sends one message. Never throws: whatever happens is an outcome for the worker to record. */
export async function sendNotificationEmail(email: NotificationEmail, settings: EmailSettings | null = emailSettings()): Promise<DeliveryOutcome> {
  if (!settings) return { ok: false, permanent: false, error: "e-mail is not configured: SMTP_URL is not set" };
  try {
    const transport = nodemailer.createTransport({
      url: settings.smtpUrl,
      connectionTimeout: TIMEOUT_MS,
      greetingTimeout: TIMEOUT_MS,
      socketTimeout: TIMEOUT_MS,
      dnsTimeout: TIMEOUT_MS,
    });
    try {
      await transport.sendMail({
        from: settings.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        headers: email.headers,
        messageId: messageIdFor(email.idempotencyKey, settings.from),
      });
    } finally {
      transport.close();
    }
    return { ok: true };
  } catch (thrown) {
    return smtpFailure(thrown);
  }
}

interface SmtpErrorFields {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/**
 * What a failed send means for the next attempt. A 5xx reply refuses this message for good
 * (RFC 5321: «permanent negative completion»: no such mailbox, refused content), except 503,
 * a command out of sequence, which a new connection clears, and an authentication failure,
 * which is the server's settings, not the message: both may go once that is fixed. Everything
 * else (4xx, a refused or dropped connection, a timeout, DNS) is temporary. A message nodemailer
 * cannot even address (EENVELOPE without a reply) never can be.
 */
export function smtpFailure(thrown: unknown): DeliveryOutcome {
  const fields: SmtpErrorFields = typeof thrown === "object" && thrown !== null ? thrown : {};
  const code = typeof fields.code === "string" ? fields.code : undefined;
  const reply = typeof fields.responseCode === "number" ? fields.responseCode : undefined;
  const text = typeof fields.response === "string" ? fields.response : typeof fields.message === "string" ? fields.message : String(thrown);
  const error = [code, text].filter(Boolean).join(": ").slice(0, 500);
  if (reply !== undefined) {
    const permanent = reply >= 500 && reply !== 503 && code !== "EAUTH";
    return { ok: false, permanent, error };
  }
  return { ok: false, permanent: code === "EENVELOPE", error };
}
