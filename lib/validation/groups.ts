import { z } from "zod";
import { moscowInputToIso } from "@/lib/domain/dates";
import { ACCESS_KINDS } from "@/lib/domain/access";

/** Inputs of the cohort admin (groups, members, grants), shared by its forms and server actions. */

export const groupNameSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, "Введите название группы").max(100, "Не длиннее 100 символов"),
});
export type GroupNameForm = z.input<typeof groupNameSchema>;

export const MAX_EMAILS = 500;

/** A pasted list of e-mails: one per line, or separated by commas, semicolons or spaces. */
export const memberEmailsSchema = z.object({
  groupId: z.uuid(),
  emails: z
    .string()
    .transform((text) => [...new Set(text.split(/[\s,;]+/).map((email) => email.trim().toLowerCase()).filter(Boolean))])
    .superRefine((emails, context) => {
      if (emails.length === 0) context.addIssue({ code: "custom", message: "Вставьте хотя бы один e-mail" });
      if (emails.length > MAX_EMAILS) context.addIssue({ code: "custom", message: `Не больше ${MAX_EMAILS} адресов за раз` });
      const invalid = emails.filter((email) => !z.email().safeParse(email).success);
      if (invalid.length) context.addIssue({ code: "custom", message: `Это не e-mail: ${invalid.slice(0, 5).join(", ")}` });
    }),
});
export type MemberEmailsForm = z.input<typeof memberEmailsSchema>;

export const memberSchema = z.object({ groupId: z.uuid(), userId: z.uuid() });

/** A `datetime-local` value in Moscow time, or empty for «no date». */
const moscowDate = z.string().transform((value, context) => {
  if (!value) return null;
  const iso = moscowInputToIso(value);
  if (!iso) context.addIssue({ code: "custom", message: "Укажите дату и время" });
  return iso;
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
