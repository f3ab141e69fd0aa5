import { pluralRu } from "@/lib/domain/plural";
import type { SortableItem } from "./sortable-row";

/** An item of the course studio as a row of a sortable list, linking to its own page. */
export const studioRow = (item: { id: string; is_published: boolean }, title: string, href: string, meta?: string): SortableItem => ({
  id: item.id,
  title,
  href,
  draft: !item.is_published,
  meta,
});

export const lessonRow = (lesson: { id: string; title: string; is_published: boolean }) =>
  studioRow(lesson, lesson.title, `/admin/content/lessons/${lesson.id}`);

export const lessonCount = (count: number) => pluralRu(count, { one: "урок", few: "урока", many: "уроков" });
