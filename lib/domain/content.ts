import { pluralRu } from "./plural";

/** Words for the course studio's confirmations. */

export type DeletableKind = "course_module" | "tool" | "block" | "lesson";

const WITH: Record<DeletableKind, string> = {
  course_module: "С модулем",
  tool: "С инструментом",
  block: "С блоком",
  lesson: "С уроком",
};

const LESSONS = { one: "урок", few: "урока", many: "уроков" };
const BLOCKS = { one: "блок", few: "блока", many: "блоков" };
const RECORDS = { one: "запись доступа студентов", few: "записи доступа студентов", many: "записей доступа студентов" };

function listRu(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} и ${parts.at(-1)}`;
}

/** What goes with a deleted item, e.g. «С инструментом удалятся 3 блока, 5 уроков и 12 записей доступа студентов.» */
export function deletionSummary(kind: DeletableKind, impact: { lessons: number; blocks: number; access_records: number }): string {
  const parts = [
    impact.blocks > 0 ? pluralRu(impact.blocks, BLOCKS) : null,
    impact.lessons > 0 ? pluralRu(impact.lessons, LESSONS) : null,
    impact.access_records > 0 ? pluralRu(impact.access_records, RECORDS) : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return "Больше ничего не удалится.";
  return `${WITH[kind]} удалятся ${listRu(parts)}.`;
}
