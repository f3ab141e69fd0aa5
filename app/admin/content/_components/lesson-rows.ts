import type { SortableItem } from "./sortable-list";

/** A lesson as a row of a studio list. */
export const lessonRow = (lesson: { id: string; title: string; is_published: boolean }): SortableItem => ({
  id: lesson.id,
  title: lesson.title,
  href: `/admin/content/lessons/${lesson.id}`,
  draft: !lesson.is_published,
});
