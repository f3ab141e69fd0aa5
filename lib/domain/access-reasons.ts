import type { AccessFlags } from "./access";
import { formatMoscowShort } from "./dates";

/**
 * Why a student's item is closed, in the access rule's own terms (docs/product.md §4): the page
 * functions say which record decides (the student's own, or their groups' with an opening date or
 * run out) and which stop-lesson holds a lesson; this only puts that into words. Nothing here
 * decides whether an item is open.
 */

/** What the database says about the record deciding an item (lesson_list, track_access). */
export interface AccessWhy {
  source?: string | null;
  group_names?: readonly string[] | null;
  opens_at?: string | null;
  expired?: boolean;
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

/**
 * Every cause that keeps an item closed. `record`: the deciding record, if any (a listed item is
 * visible, so closed means not unlocked); `section`: a module or tool, closed with no record (a
 * lesson with no record follows its tool or module); `held`: the stop-lesson holding it, when one does.
 */
export function lockCauses(
  record: (AccessFlags & AccessWhy) | undefined,
  options: { section?: boolean; held?: { stopTitle: string | null; quiz?: boolean } | null } = {},
): LockCause[] {
  const causes: LockCause[] = [];
  if (record && !(record.is_unlocked && record.is_visible)) {
    if (record.source === "group") {
      causes.push({ kind: "group", groups: record.group_names ?? [], opensAt: record.opens_at ?? null, expired: Boolean(record.expired) });
    } else causes.push({ kind: "personal" });
  } else if (!record && options.section) causes.push({ kind: "default" });
  if (options.held) causes.push({ kind: "homework", stopTitle: options.held.stopTitle, ...(options.held.quiz ? { quiz: true } : {}) });
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
