import { MATERIAL_TYPES } from "./materials";
import { pluralRu } from "./plural";

/**
 * A student's homework: what an attempt's status reads as, when they may hand in, where their
 * files live, the draft their browser keeps, and what the dashboard says is waiting. The bucket
 * (homework) takes the same types as lesson materials, up to 20 MB a file.
 */

export type SubmissionStatus = "submitted" | "returned" | "accepted";

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  submitted: "На проверке",
  returned: "Нужно доработать",
  accepted: "Принято",
};

export const HOMEWORK_BUCKET = "homework";
export const HOMEWORK_MAX_BYTES = 20 * 1024 * 1024;
export const HOMEWORK_ANSWER_MAX = 50_000;
export const HOMEWORK_LINKS_MAX = 10;
export const HOMEWORK_LINK_MAX = 2000;
export const HOMEWORK_FILES_MAX = 10;

interface Attempt {
  attempt: number;
  status: SubmissionStatus;
}

/** The status of the latest attempt, or null before the first. */
export function latestStatus(attempts: readonly Attempt[]): SubmissionStatus | null {
  let latest: Attempt | null = null;
  for (const attempt of attempts) if (!latest || attempt.attempt > latest.attempt) latest = attempt;
  return latest?.status ?? null;
}

/** Whether the student may hand in now: nothing waits for review and nothing is accepted (as submit_homework checks). */
export function mayHandIn(attempts: readonly Attempt[]): boolean {
  return attempts.every((attempt) => attempt.status === "returned");
}

/** What stands where «Отметить пройденным» would: the lesson is passed when its work is accepted. */
export function homeworkProgressNote(status: SubmissionStatus | null): string {
  return status === "accepted" ? "Урок пройден: работа принята" : "Урок будет пройден, когда куратор примет работу";
}

/**
 * Where a student's file for an assignment lives: their own folder (Storage's policies read the
 * owner from it) and a fresh ASCII name with the type's extension; the name they gave is kept in
 * submission_files.
 */
export function homeworkObjectPath(userId: string, assignmentId: string, mime: string): string {
  return `${userId}/${assignmentId}/${crypto.randomUUID()}.${MATERIAL_TYPES[mime].extensions[0]}`;
}

/** Whether a path is one `homeworkObjectPath` gives for this student and assignment. */
export function isHomeworkPathOf(userId: string, assignmentId: string, path: string): boolean {
  const [owner, assignment, name, ...rest] = path.split("/");
  return owner === userId && assignment === assignmentId && rest.length === 0 && /^[0-9a-f-]{36}\.[a-z0-9]+$/.test(name ?? "");
}

/** The links a form sends: its non-empty fields, trimmed (an empty field is left out, not refused). */
export const filledLinks = (links: readonly { url: string }[]) => links.map((item) => item.url.trim()).filter(Boolean);

/** The answer and links the browser keeps until the work is sent (files are not kept: they are uploaded at once). */
export interface HomeworkDraft {
  answer: string;
  links: string[];
}

export const draftKey = (assignmentId: string) => `homework-draft:${assignmentId}`;

export const isEmptyDraft = (draft: HomeworkDraft) => !draft.answer.trim() && draft.links.every((link) => !link.trim());

/** A stored draft, or null for nothing, an empty draft, or anything that is not one (another version, a hand edit). */
export function readDraft(stored: string | null): HomeworkDraft | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const { answer, links } = value as Record<string, unknown>;
  if (typeof answer !== "string" || !Array.isArray(links) || !links.every((link) => typeof link === "string")) return null;
  const draft = { answer: answer.slice(0, HOMEWORK_ANSWER_MAX), links: (links as string[]).slice(0, HOMEWORK_LINKS_MAX) };
  return isEmptyDraft(draft) ? null : draft;
}

/** «2 задания на доработке», «1 работа на проверке»: what waits, for the dashboard; nothing when nothing does. */
export function homeworkWaiting(summary: { returned: number; submitted: number }): string[] {
  const lines: string[] = [];
  if (summary.returned > 0) lines.push(`${pluralRu(summary.returned, { one: "задание", few: "задания", many: "заданий" })} на доработке`);
  if (summary.submitted > 0) lines.push(`${pluralRu(summary.submitted, { one: "работа", few: "работы", many: "работ" })} на проверке`);
  return lines;
}
