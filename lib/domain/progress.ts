/** Progress through lessons (issue: progress and resume): counted over the lessons a student sees. */

export interface Progress {
  completed: number;
  total: number;
}

export const NO_PROGRESS: Progress = { completed: 0, total: 0 };

/**
 * How many of these lessons are completed. Completions of lessons not in the list (hidden,
 * unpublished or deleted since) never count, so progress cannot pass 100 %.
 */
export function progressOf(lessonIds: readonly string[], completedIds: Iterable<string>): Progress {
  const lessons = new Set(lessonIds);
  const completed = new Set([...completedIds].filter((id) => lessons.has(id)));
  return { completed: completed.size, total: lessons.size };
}

export function progressPercent({ completed, total }: Progress): number {
  return total === 0 ? 0 : Math.round((completed / total) * 100);
}

const genitive = new Intl.PluralRules("ru-RU");

/** «3 из 5 уроков», «1 из 1 урока», «0 из 21 урока». */
export function progressLabel({ completed, total }: Progress): string {
  return `${completed} из ${total} ${genitive.select(total) === "one" ? "урока" : "уроков"}`;
}
