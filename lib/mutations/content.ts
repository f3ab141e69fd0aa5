import type { Database } from "@/lib/database.types";
import type { ContentKind } from "@/lib/validation/content";

/** Where each kind of course content lives: shared by the studio's actions and the tests. */
export const CONTENT_TABLES = {
  course_module: "course_modules",
  tool: "tech_tools",
  block: "modules",
  lesson: "lessons",
} as const satisfies Record<ContentKind, keyof Database["public"]["Tables"]>;

export interface PostgrestFailure {
  code: string;
  message: string;
  hint?: string | null;
}

/** A database refusal in words an owner understands; the raw error goes to the server log only. */
export function contentErrorMessage(error: PostgrestFailure): string {
  if (error.code === "23505") return "Инструмент с таким названием уже есть";
  if (error.code === "42501") return "Недостаточно прав";
  if (error.hint === "stale_list") return "Список изменился — обновите страницу и попробуйте снова";
  if (error.code === "23503") return "Раздел, к которому относится элемент, удалён — обновите страницу";
  return "Не удалось сохранить изменения";
}
