import type { VerdictReason } from "./access-verdicts";
import { formatMoscowShort } from "./dates";

/**
 * Why a student's item is closed, in the access rule's own terms (docs/access-rule.md): the page
 * functions pass on the verdict of public.access_verdicts (why, the groups, the opening date, the
 * stop-lesson holding a lesson); this only puts that into words. Nothing here decides whether an
 * item is open.
 */

/** The rule's verdict on one item, as the student pages receive it (track_access, lesson_list). */
export interface StudentVerdict {
  item_id: string;
  is_open: boolean;
  is_visible: boolean;
  why: VerdictReason;
  opens_at: string | null;
  group_names: readonly string[] | null;
}

export type LockCause =
  /** The student's own record closes it: an admin opens it. */
  | { kind: "personal" }
  /** No record at all: a module or tool is closed until someone opens it. */
  | { kind: "default" }
  /** Their groups' grants close it: from a date, or run out, or simply closed. */
  | { kind: "group"; groups: readonly string[]; opensAt: string | null; expired: boolean }
  /** A stop-lesson before it not yet passed holds it (its title when the list has it; `quiz`: its quiz, not its homework). */
  | { kind: "homework"; stopTitle: string | null; quiz?: boolean };

/** The record that closes the item, from the verdict's why; null when no record closes it. */
function recordCause(verdict: StudentVerdict): LockCause | null {
  const group = (opensAt: string | null, expired: boolean): LockCause =>
    verdict.group_names ? { kind: "group", groups: verdict.group_names, opensAt, expired } : { kind: "personal" };
  switch (verdict.why) {
    case "default":
      return verdict.is_open ? null : { kind: "default" };
    case "personal":
      return verdict.is_open ? null : { kind: "personal" };
    case "group":
      return verdict.is_open ? null : group(null, false);
    case "expired":
      return group(null, true);
    case "scheduled":
      return group(verdict.opens_at, false);
    default:
      return null;
  }
}

/**
 * Every cause that keeps an item closed, as its verdict says: the record closing it (its own, its
 * groups', or none for a module or tool no record opens), and `held`, the stop-lesson holding a
 * lesson, when one does.
 */
export function lockCauses(verdict: StudentVerdict, held: { stopTitle: string | null; quiz?: boolean } | null = null): LockCause[] {
  const causes: LockCause[] = [];
  const record = recordCause(verdict);
  if (record) causes.push(record);
  if (held) causes.push({ kind: "homework", stopTitle: held.stopTitle, ...(held.quiz ? { quiz: true } : {}) });
  return causes;
}

const groupsOf = (groups: readonly string[]) =>
  groups.length === 0 ? "" : `${groups.length > 1 ? "группы" : "группа"} ${groups.map((name) => `«${name}»`).join(", ")}`;
const toGroups = (groups: readonly string[]) =>
  groups.length === 0 ? "группе" : `${groups.length > 1 ? "группам" : "группе"} ${groups.map((name) => `«${name}»`).join(", ")}`;

/** How one cause ends, as a part of «Откроется …». `alone`: nothing else holds the item, so a date is a promise. */
function ending(cause: LockCause, alone: boolean, now: Date): string {
  switch (cause.kind) {
    case "personal":
    case "default":
      return "когда администратор школы откроет доступ";
    case "homework":
      if (cause.quiz) return cause.stopTitle ? `после прохождения теста урока «${cause.stopTitle}»` : "после прохождения теста стоп-урока перед ним";
      return cause.stopTitle ? `после принятия задания урока «${cause.stopTitle}»` : "после принятия задания стоп-урока перед ним";
    case "group": {
      if (cause.opensAt) {
        const groups = groupsOf(cause.groups);
        return `${alone ? "" : "не раньше "}${formatMoscowShort(cause.opensAt, now)}${groups ? ` (${groups})` : ""}`;
      }
      return cause.expired ? `когда ${toGroups(cause.groups)} продлят доступ` : `когда ${toGroups(cause.groups)} откроют доступ`;
    }
  }
}

/**
 * What a student reads on a closed item: every cause and when it ends, in one sentence, and a
 * date only as a promise when nothing else holds the item: «Откроется 29.11 в 10:00 МСК (группа
 * «Поток»)», «Откроется не раньше 29.11 в 10:00 МСК (группа «Поток») и после принятия задания
 * урока «Стоп»». Null when nothing holds it.
 */
export function lockText(causes: readonly LockCause[], now: Date = new Date()): string | null {
  if (causes.length === 0) return null;
  const alone = causes.length === 1;
  const parts = causes.map((cause) => ending(cause, alone, now));
  const joined = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} и ${parts[parts.length - 1]}`;
  return `Откроется${joined.startsWith("когда") ? ", " : " "}${joined}`;
}

/** Whether the student has to ask someone: a cause no date or homework ends. */
export const needsAdmin = (causes: readonly LockCause[]) =>
  causes.some((cause) => cause.kind === "personal" || cause.kind === "default" || (cause.kind === "group" && !cause.opensAt));
