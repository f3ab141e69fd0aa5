import { parseMoscowInput } from "@/lib/domain/dates";
import { ACCESS_KINDS } from "@/lib/domain/access";
import { listSome } from "@/lib/domain/excerpt";
import { EMAIL_MAX } from "./limits";
import { z } from "./zod";

/** Inputs of the cohort admin (groups, members, grants), shared by its forms and server actions. */

export const groupNameSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, "Введите название группы").max(100, "Не длиннее 100 символов"),
});
export type GroupNameForm = z.input<typeof groupNameSchema>;

/** Addresses one paste may add; a cohort larger than that is added in parts. */
export const MAX_EMAILS = 500;
/**
 * A paste's length before it is split: 500 addresses of the longest kind (255 characters) with a
 * separator each take 128 000; the rest is room for spaces and blank lines.
 */
export const MAX_EMAILS_TEXT = 150_000;

const emailFormat = z.email();
const isEmail = (email: string) => email.length <= EMAIL_MAX && emailFormat.safeParse(email).success;

/** A pasted list of e-mails: one per line, or separated by commas, semicolons or spaces. */
export const memberEmailsSchema = z.object({
  groupId: z.uuid(),
  emails: z
    .string()
    .max(MAX_EMAILS_TEXT, `Список слишком длинный: вставьте не больше ${MAX_EMAILS} адресов за раз`)
    .transform((text) => [...new Set(text.split(/[\s,;]+/).map((email) => email.trim().toLowerCase()).filter(Boolean))])
    .superRefine((emails, context) => {
      if (emails.length === 0) context.addIssue({ code: "custom", message: "Вставьте хотя бы один e-mail" });
      if (emails.length > MAX_EMAILS) {
        context.addIssue({ code: "custom", message: `Не больше ${MAX_EMAILS} адресов за раз, а вставлено ${emails.length}: разделите список на части` });
        return;
      }
      // Named a few at a time: a paste of thousands must not come back as a toast of thousands.
      const invalid = emails.filter((email) => !isEmail(email));
      if (invalid.length) context.addIssue({ code: "custom", message: `Это не e-mail: ${listSome(invalid)}` });
    }),
});
export type MemberEmailsForm = z.input<typeof memberEmailsSchema>;

/** What addMembers says when some addresses belong to nobody: the first few, and how many more. */
export const unknownEmailsMessage = (unknown: readonly string[]) => `Не нашли студентов с адресами: ${listSome(unknown)}. Никто не добавлен.`;

export const memberSchema = z.object({ groupId: z.uuid(), userId: z.uuid() });

/** A `datetime-local` value in Moscow time, or empty for «no date». */
const moscowDate = z.string().transform((value, context) => {
  if (!value) return null;
  const date = parseMoscowInput(value);
  if (date.ok) return date.iso;
  context.addIssue({ code: "custom", message: date.error });
  return z.NEVER;
});

export const grantSchema = z
  .object({
    groupId: z.uuid(),
    kind: z.enum(ACCESS_KINDS),
    itemId: z.uuid(),
    is_unlocked: z.boolean(),
    is_visible: z.boolean(),
    unlock_at: moscowDate,
    expires_at: moscowDate,
  })
  .refine((grant) => !grant.unlock_at || !grant.expires_at || grant.unlock_at < grant.expires_at, {
    message: "Доступ должен закрываться позже, чем открывается",
    path: ["expires_at"],
  });
export type GrantForm = z.input<typeof grantSchema>;

export const grantRefSchema = z.object({ groupId: z.uuid(), kind: z.enum(ACCESS_KINDS), itemId: z.uuid() });

export const bulkGrantSchema = z.object({
  groupId: z.uuid(),
  kind: z.enum(ACCESS_KINDS),
  itemIds: z.array(z.uuid()).min(1).max(5000),
  is_unlocked: z.boolean(),
});

/** Undoes «Открыть всё» / «Закрыть всё»: grants it created go, the others get their is_unlocked back. */
export const undoBulkGrantSchema = z.object({
  groupId: z.uuid(),
  kind: z.enum(ACCESS_KINDS),
  drop: z.array(z.uuid()).max(5000),
  unlocked: z.array(z.uuid()).max(5000),
  locked: z.array(z.uuid()).max(5000),
});
