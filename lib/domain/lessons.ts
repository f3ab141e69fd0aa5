import { byOrderIndex } from "./access";
import { lockCauses, type LockCause, type StudentVerdict } from "./access-reasons";

/** Lesson grouping and numbering on a tool's page (docs/product.md §2). */

export interface LessonOutline {
  id: string;
  module_id: string | null;
  title: string;
  order_index: number;
}

export interface ModuleBlock {
  id: string;
  name: string;
  description: string | null;
  order_index: number;
}

/** Why a listed lesson is closed: an access record (or its parent), or an unaccepted stop-lesson before it. */
export type LockReason = "access" | "homework";

export interface NumberedLesson extends LessonOutline {
  number: number;
  label: string;
  /** Visible but closed: listed, but its page redirects back. */
  locked: boolean;
  lockReason: LockReason | null;
  /** When a dated grant opens the lesson its access keeps closed; null otherwise. */
  opensAt: string | null;
  /** Everything that keeps it closed (its record, the stop-lesson holding it), for lockText. */
  causes: LockCause[];
}

export interface LessonGroup {
  key: string;
  title: string;
  description: string | null;
  lessons: NumberedLesson[];
}

export interface ToolLessons {
  groups: LessonGroup[];
  /** Lessons in the order the page shows them, for previous/next links. */
  sequence: NumberedLesson[];
  isEmpty: boolean;
}

export const LOOSE_GROUP_TITLE = "Уроки";
const LOOSE_GROUP_KEY = "loose";

export const lessonLabel = (number: number) => `Урок ${number}`;

/** The access rule's verdict on a listed lesson (lesson_list's verdicts): with the stop-lesson holding it, and whether that stop is a quiz. */
export type LessonVerdict = StudentVerdict & { held_by: string | null; held_by_quiz: boolean | null };

/** Why the verdict closes the lesson: the stop-lesson when that is its first reason, else its record or parent. */
function lockReasonOf(verdict: LessonVerdict): LockReason | null {
  if (verdict.is_open) return null;
  return verdict.why === "held" ? "homework" : "access";
}

/**
 * Shows the lessons the access rule shows the student, then groups them: lessons without a module
 * in «Уроки», numbered by order_index; lessons of each module block numbered by position. Each
 * lesson is locked exactly when its verdict says it is closed, with the causes the verdict names.
 */
export function groupLessons(modules: readonly ModuleBlock[], lessons: readonly LessonOutline[], verdicts: readonly LessonVerdict[]): ToolLessons {
  const verdictOf = new Map(verdicts.map((verdict) => [verdict.item_id, verdict]));
  const titles = new Map(lessons.map((lesson) => [lesson.id, lesson.title]));
  const visible = byOrderIndex(lessons).filter((lesson) => verdictOf.get(lesson.id)?.is_visible);
  const numbered = (lesson: LessonOutline, number: number): NumberedLesson => {
    const verdict = verdictOf.get(lesson.id)!;
    const lockReason = lockReasonOf(verdict);
    const held = verdict.held_by ? { stopTitle: titles.get(verdict.held_by) ?? null, quiz: verdict.held_by_quiz ?? false } : null;
    return {
      ...lesson,
      number,
      label: lessonLabel(number),
      locked: lockReason !== null,
      lockReason,
      opensAt: lockReason === "access" ? verdict.opens_at : null,
      causes: verdict.is_open ? [] : lockCauses(verdict, held),
    };
  };
  const moduleIds = new Set(modules.map((block) => block.id));

  const loose = visible
    .filter((lesson) => !lesson.module_id || !moduleIds.has(lesson.module_id))
    .map((lesson) => numbered(lesson, lesson.order_index));

  const groups: LessonGroup[] = [];
  if (loose.length) groups.push({ key: LOOSE_GROUP_KEY, title: LOOSE_GROUP_TITLE, description: null, lessons: loose });
  for (const block of byOrderIndex(modules)) {
    const blockLessons = visible
      .filter((lesson) => lesson.module_id === block.id)
      .map((lesson, index) => numbered(lesson, index + 1));
    groups.push({ key: block.id, title: block.name, description: block.description, lessons: blockLessons });
  }
  const sequence = groups.flatMap((group) => group.lessons);
  return { groups, sequence, isEmpty: groups.length === 0 };
}

/**
 * The lesson page's «Урок N из M» in the outline's own terms: N is the lesson's label there, M
 * counts its group, and a block is named («Урок 1 из 2 · блок «Основы»»), so the header never
 * says «Урок 3» of a lesson the outline calls «Урок 1». Loose lessons numbered by order_index
 * with gaps (1, 2, 5) get no «из M»: «Урок 5 из 3» would contradict the list too.
 */
export function lessonHeading(groups: readonly LessonGroup[], lessonId: string): string | null {
  for (const group of groups) {
    const lesson = group.lessons.find((item) => item.id === lessonId);
    if (!lesson) continue;
    const counted = group.lessons.every((item, index) => item.number === index + 1);
    const block = group.key === LOOSE_GROUP_KEY ? "" : ` · блок «${group.title}»`;
    return `${lesson.label}${counted ? ` из ${group.lessons.length}` : ""}${block}`;
  }
  return null;
}

/** Where a lesson a stop-lesson holds sends the student: its list, which says why (paths.ts's `?closed=1` is the access record's). */
export const heldLessonRedirect = (listPath: string) => `${listPath}?closed=homework`;

/** Where a closed lesson the list shows sends the student: its list, which says why that lesson is closed. */
export const lockedLessonRedirect = (listPath: string, lessonId: string) => `${listPath}?closed=${encodeURIComponent(lessonId)}`;

/**
 * Why the list was reached from a closed lesson, by its `closed` query; null when it was not.
 * A lesson's id names the lesson (the list says its own causes); «1» is a lesson not in the list.
 */
export function closedReasonOf(query: string | string[] | undefined): LockReason | { lessonId: string } | null {
  if (query === "1") return "access";
  if (query === "homework") return "homework";
  if (typeof query === "string" && /^[0-9a-f-]{36}$/i.test(query)) return { lessonId: query.toLowerCase() };
  return null;
}

/** The lessons before and after one in the page's order, skipping locked ones. */
export function neighbours(sequence: readonly NumberedLesson[], lessonId: string) {
  const open = sequence.filter((lesson) => !lesson.locked || lesson.id === lessonId);
  const index = open.findIndex((lesson) => lesson.id === lessonId);
  if (index === -1) return { previous: null, next: null };
  return { previous: open[index - 1] ?? null, next: open[index + 1] ?? null };
}

export type LessonOpening =
  | { status: "missing" }
  | { status: "closed"; reason: LockReason }
  | { status: "open"; lesson: NumberedLesson; groups: LessonGroup[]; previous: NumberedLesson | null; next: NumberedLesson | null };

/**
 * Whether a lesson page shows the lesson: «Урок не найден» when it is not in the list, the list's
 * redirect when its verdict closes it (its record, or a stop-lesson holding it), else the lesson
 * with its neighbours.
 */
export function openLesson(
  modules: readonly ModuleBlock[],
  lessons: readonly LessonOutline[],
  verdicts: readonly LessonVerdict[],
  lessonId: string,
): LessonOpening {
  const verdict = verdicts.find((item) => item.item_id === lessonId);
  if (!lessons.some((lesson) => lesson.id === lessonId) || !verdict) return { status: "missing" };
  const reason = lockReasonOf(verdict);
  if (reason) return { status: "closed", reason };
  const { groups, sequence } = groupLessons(modules, lessons, verdicts);
  const lesson = sequence.find((item) => item.id === lessonId);
  if (!lesson) return { status: "missing" };
  return { status: "open", lesson, groups, ...neighbours(sequence, lessonId) };
}
