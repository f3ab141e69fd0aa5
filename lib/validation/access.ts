import { z } from "zod";

/** Input of the admin's access actions, shared by the switches and the server. */

export const ACCESS_KINDS = ["module", "tool", "lesson"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
export type AccessField = "is_unlocked" | "is_visible";

export const setAccessSchema = z.object({
  kind: z.enum(ACCESS_KINDS),
  studentId: z.uuid(),
  itemId: z.uuid(),
  field: z.enum(["is_unlocked", "is_visible"]),
  value: z.boolean(),
});

export const setAllAccessSchema = z.object({
  kind: z.enum(ACCESS_KINDS),
  studentId: z.uuid(),
  itemIds: z.array(z.uuid()).min(1).max(5000),
  field: z.enum(["is_unlocked", "is_visible"]),
  value: z.boolean(),
});

export type SetAccessInput = z.infer<typeof setAccessSchema>;
export type SetAllAccessInput = z.infer<typeof setAllAccessSchema>;

const NOUNS: Record<AccessKind, string> = { module: "Модуль", tool: "Инструмент", lesson: "Урок" };

/** The success toast's text (SPEC.md §8). */
export function accessChangeMessage(kind: AccessKind, field: AccessField, value: boolean): string {
  if (field === "is_unlocked") return value ? "Доступ открыт" : "Доступ закрыт";
  return `${NOUNS[kind]} ${value ? "видимый" : "скрытый"}`;
}
