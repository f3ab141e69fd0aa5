import { byOrderIndex, canOpenLesson, type AccessFlags } from "./access";
import { lockCauses, type AccessWhy, type LockCause } from "./access-reasons";

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

/** Why a listed lesson is closed: an access record, or an unaccepted stop-lesson before it. */
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

type LessonAccess = AccessFlags & AccessWhy & { lesson_id: string; opens_at?: string | null };

/** Which stop-lesson holds a lesson (lesson_list's `holds`). */
export interface LessonHold {
  lesson_id: string;
  stop_lesson_id: string;
  /** The stop is the lesson's quiz, not its homework. */
  quiz?: boolean;
}

/** The access record wins: accepting the homework would not open a lesson the school closed. */
function lockReasonOf(record: LessonAccess | undefined, held: boolean): LockReason | null {
  if (!canOpenLesson(record)) return "access";
  return held ? "homework" : null;
}

/**
 * Hides lessons the student may not see, then groups the rest: lessons without a module in
 * «Уроки», numbered by order_index; lessons of each module block numbered by position.
 * `held`: the lessons a stop-lesson keeps closed (lesson_list's `held`); `holds`: which stop-lesson
 * holds each, so the list names it.
 */
export function groupLessons(
  modules: readonly ModuleBlock[],
  lessons: readonly LessonOutline[],
  access: readonly LessonAccess[],
  held: readonly string[] = [],
  holds: readonly LessonHold[] = [],
): ToolLessons {
  const accessByLesson = new Map(access.map((record) => [record.lesson_id, record]));
  const heldIds = new Set(held);
  const titles = new Map(lessons.map((lesson) => [lesson.id, lesson.title]));
  const stopOf = new Map(holds.map((hold) => [hold.lesson_id, { stopTitle: titles.get(hold.stop_lesson_id) ?? null, quiz: hold.quiz }]));
  const visible = byOrderIndex(lessons).filter((lesson) => accessByLesson.get(lesson.id)?.is_visible ?? true);
  const numbered = (lesson: LessonOutline, number: number): NumberedLesson => {
    const record = accessByLesson.get(lesson.id);
    const lockReason = lockReasonOf(record, heldIds.has(lesson.id));
    const opensAt = lockReason === "access" ? (record?.opens_at ?? null) : null;
    const causes = lockCauses(record, { held: heldIds.has(lesson.id) ? (stopOf.get(lesson.id) ?? { stopTitle: null }) : null });
    return { ...lesson, number, label: lessonLabel(number), locked: lockReason !== null, lockReason, opensAt, causes };
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
 * Whether a lesson page shows the lesson: «Урок не найден» when it is not in the list, the
 * list's redirect when the student's record closes or hides it or a stop-lesson holds it, else
 * the lesson with its neighbours.
 */
export function openLesson(
  modules: readonly ModuleBlock[],
  lessons: readonly LessonOutline[],
  access: readonly LessonAccess[],
  lessonId: string,
  held: readonly string[] = [],
  holds: readonly LessonHold[] = [],
): LessonOpening {
  if (!lessons.some((lesson) => lesson.id === lessonId)) return { status: "missing" };
  const reason = lockReasonOf(
    access.find((record) => record.lesson_id === lessonId),
    held.includes(lessonId),
  );
  if (reason) return { status: "closed", reason };
  const { groups, sequence } = groupLessons(modules, lessons, access, held, holds);
  const lesson = sequence.find((item) => item.id === lessonId);
  if (!lesson) return { status: "missing" };
  return { status: "open", lesson, groups, ...neighbours(sequence, lessonId) };
}
