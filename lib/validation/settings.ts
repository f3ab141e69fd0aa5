import { CONFIGURABLE_KINDS, NOTIFICATION_CHANNELS } from "@/lib/domain/notifications";
import { newPasswordSchema, signUpSchema } from "./auth";
import { EMAIL_MAX } from "./limits";
import { z } from "./zod";

/**
 * The settings page's forms (/settings) and their words, shared by the forms, the page and the
 * server actions. Each object is strict: a form sends exactly its fields, anything more is refused.
 */

export const EMAIL_MISMATCH = "E-mail не совпадает с адресом вашего аккаунта";
export const SAME_EMAIL = "Это ваш текущий адрес";
export const TELEGRAM_NOT_CONFIGURED = "Telegram-бот школы пока не настроен";

/** The name and the address follow the registration form's rules and messages. */
export const nameSchema = z.strictObject({ fullName: signUpSchema.shape.fullName });

export const emailChangeSchema = z.strictObject({ email: signUpSchema.shape.email });

/** The new password and its repetition, with the recovery form's rules and messages. */
export const passwordChangeSchema = newPasswordSchema;

export const preferenceSchema = z.strictObject({
  kind: z.enum(CONFIGURABLE_KINDS.map((entry) => entry.kind)),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});

/** What the server takes: the typed address, compared with the account's own in the action. */
export const deleteAccountSchema = z.strictObject({
  email: z.string().trim().min(1, { message: "Введите e-mail вашего аккаунта" }).max(EMAIL_MAX, { message: EMAIL_MISMATCH }),
});

/** Addresses compare as Supabase Auth stores them: trimmed, case aside. */
export const sameEmail = (typed: string, account: string) => typed.trim().toLowerCase() === account.trim().toLowerCase();

export type NameInput = z.infer<typeof nameSchema>;
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type PreferenceInput = z.infer<typeof preferenceSchema>;
export type ConfigurableKind = PreferenceInput["kind"];
