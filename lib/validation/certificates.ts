import { z } from "./zod";
import { firstParam } from "@/lib/domain/paths";

/** The certificate forms' fields (the student's «Сертификаты», the admin's list), shared by the forms and their actions. */

export const REVOKE_REASON_MAX = 500;

export const shareCertificateSchema = z.object({
  id: z.uuid({ message: "Сертификат не найден" }),
  shared: z.enum(["true", "false"]),
});

export const revokeCertificateSchema = z.object({
  id: z.uuid({ message: "Сертификат не найден" }),
  reason: z
    .string()
    .trim()
    .min(1, { message: "Напишите причину отзыва" })
    .max(REVOKE_REASON_MAX, { message: `Причина — не длиннее ${REVOKE_REASON_MAX} символов` }),
});

const TRACKS = ["tech", "product"] as const;

/** A checkbox posts «on» when checked and nothing when not. */
export const trackCertificateSchema = z.object({
  track: z.enum(TRACKS),
  issues: z.literal("on").optional(),
});

/** «Выдавать сертификат» on a tool or a course module in the studio. */
export const contentCertificateSchema = z.object({
  kind: z.enum(["tool", "course_module"]),
  id: z.uuid({ message: "Не найдено" }),
  issues: z.literal("on").optional(),
});

/** What a certificate form's redirect says on arrival (`?result=…`). */
export const CERTIFICATE_RESULTS = {
  shared: "Сертификат можно найти в поиске по ссылке",
  hidden: "Сертификат скрыт от поисковиков: по ссылке он по-прежнему открывается",
  reissued: "Сертификат перевыпущен: у него новый код, старый отозван",
  "same-name": "Имя в профиле не изменилось — перевыпускать нечего",
  revoked: "Сертификат отозван",
  "not-found": "Сертификат не найден или уже отозван",
  "has-valid": "У студента уже есть действующий сертификат за это",
  "bad-reason": "Напишите причину отзыва (до 500 символов)",
  "track-saved": "Настройка трека сохранена",
  failed: "Не удалось сохранить изменения",
} as const;

export type CertificateResult = keyof typeof CERTIFICATE_RESULTS;

const FAILURES: readonly string[] = ["same-name", "not-found", "has-valid", "bad-reason", "failed"];

/** The arrival message of `?result=…`, and whether it reports a refusal; null for anything else. */
export function certificateResult(value: string | string[] | undefined): { text: string; failed: boolean } | null {
  const code = firstParam(value);
  if (!code || !Object.hasOwn(CERTIFICATE_RESULTS, code)) return null;
  return { text: CERTIFICATE_RESULTS[code as CertificateResult], failed: FAILURES.includes(code) };
}
