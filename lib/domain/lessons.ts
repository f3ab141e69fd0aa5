import { byOrderIndex, canOpenLesson, type AccessFlags } from "./access";

/** Lesson grouping and numbering on a tool's page (SPEC.md §2). */

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

export interface NumberedLesson extends LessonOutline {
  number: number;
  label: string;
  /** Visible but locked by an access record: listed, but its page redirects back. */
  locked: boolean;
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

export const lessonLabel = (number: number) => `Урок ${number}`;

/**
 * Hides lessons the student may not see, then groups the rest: lessons without a module in
 * «Уроки», numbered by order_index; lessons of each module block numbered by position.
 */
export function groupLessons(
  modules: readonly ModuleBlock[],
  lessons: readonly LessonOutline[],
  access: readonly (AccessFlags & { lesson_id: string })[],
): ToolLessons {
  const accessByLesson = new Map(access.map((record) => [record.lesson_id, record]));
  const visible = byOrderIndex(lessons).filter((lesson) => accessByLesson.get(lesson.id)?.is_visible ?? true);
  const locked = (lesson: LessonOutline) => !canOpenLesson(accessByLesson.get(lesson.id));
  const moduleIds = new Set(modules.map((block) => block.id));

  const loose = visible
    .filter((lesson) => !lesson.module_id || !moduleIds.has(lesson.module_id))
    .map((lesson) => ({ ...lesson, number: lesson.order_index, label: lessonLabel(lesson.order_index), locked: locked(lesson) }));

  const groups: LessonGroup[] = [];
  if (loose.length) groups.push({ key: "loose", title: LOOSE_GROUP_TITLE, description: null, lessons: loose });
  for (const block of byOrderIndex(modules)) {
    const blockLessons = visible
      .filter((lesson) => lesson.module_id === block.id)
      .map((lesson, index) => ({ ...lesson, number: index + 1, label: lessonLabel(index + 1), locked: locked(lesson) }));
    groups.push({ key: block.id, title: block.name, description: block.description, lessons: blockLessons });
  }
  const sequence = groups.flatMap((group) => group.lessons);
  return { groups, sequence, isEmpty: groups.length === 0 };
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
  | { status: "closed" }
  | { status: "open"; lesson: NumberedLesson; groups: LessonGroup[]; previous: NumberedLesson | null; next: NumberedLesson | null };

/**
 * Whether a lesson page shows the lesson: «Урок не найден» when it is not in the list, the
 * list's redirect when the student's record closes or hides it, else the lesson with its neighbours.
 */
export function openLesson(
  modules: readonly ModuleBlock[],
  lessons: readonly LessonOutline[],
  access: readonly (AccessFlags & { lesson_id: string })[],
  lessonId: string,
): LessonOpening {
  if (!lessons.some((lesson) => lesson.id === lessonId)) return { status: "missing" };
  if (!canOpenLesson(access.find((record) => record.lesson_id === lessonId))) return { status: "closed" };
  const { groups, sequence } = groupLessons(modules, lessons, access);
  const lesson = sequence.find((item) => item.id === lessonId);
  if (!lesson) return { status: "missing" };
  return { status: "open", lesson, groups, ...neighbours(sequence, lessonId) };
}
