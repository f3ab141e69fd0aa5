import type { AccessWhy } from "./access-reasons";

/** Per-student access to an item (docs/product.md §4): no record means locked and visible. */

export interface AccessFlags {
  is_unlocked: boolean;
  is_visible: boolean;
}

export const DEFAULT_ACCESS: AccessFlags = { is_unlocked: false, is_visible: true };

export const ACCESS_KINDS = ["module", "tool", "lesson"] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
export type AccessField = keyof AccessFlags;

const NOUNS: Record<AccessKind, string> = { module: "Модуль", tool: "Инструмент", lesson: "Урок" };

/**
 * The success toast's text (docs/product.md §8): its «видимый / скрытый» said as Russian says a change
 * that happened, in the short form («Модуль скрыт», «Модуль показан»), like «Доступ открыт».
 */
export function accessChangeMessage(kind: AccessKind, field: AccessField, value: boolean): string {
  if (field === "is_unlocked") return value ? "Доступ открыт" : "Доступ закрыт";
  return `${NOUNS[kind]} ${value ? "показан" : "скрыт"}`;
}

export interface Ordered {
  id: string;
  order_index: number;
}

/**
 * An access row keyed by the item it is about (queries alias module_id/tool_id/lesson_id to itemId);
 * `opens_at`: when a dated grant opens the closed item (effective_access), on the student pages.
 */
export type AccessRecord = AccessFlags & AccessWhy & { itemId: string; opens_at?: string | null };

/** `record`: the deciding record itself, for its «why» (lockCauses); absent without one. */
export type WithAccess<T> = T & AccessFlags & { hasRecord: boolean; opensAt: string | null; record?: AccessRecord };

export function byOrderIndex<T extends Ordered>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order_index - b.order_index || a.id.localeCompare(b.id));
}

/** Joins items with the student's access records by item id, in order_index order. */
export function withAccess<T extends Ordered>(
  items: readonly T[],
  records: readonly AccessRecord[],
): WithAccess<T>[] {
  const byItem = new Map(records.map((record) => [record.itemId, record]));
  return byOrderIndex(items).map((item) => {
    const record = byItem.get(item.id);
    return {
      ...item,
      is_unlocked: record?.is_unlocked ?? DEFAULT_ACCESS.is_unlocked,
      is_visible: record?.is_visible ?? DEFAULT_ACCESS.is_visible,
      hasRecord: Boolean(record),
      opensAt: record?.opens_at ?? null,
      ...(record ? { record } : {}),
    };
  });
}

export function visibleOnly<T extends AccessFlags>(items: readonly T[]): T[] {
  return items.filter((item) => item.is_visible);
}

/** A lesson page opens with no record; a record must be both unlocked and visible. */
export function canOpenLesson(record: AccessFlags | undefined): boolean {
  return !record || (record.is_unlocked && record.is_visible);
}

/** A tool's or a course module's pages open only when it is unlocked and visible for the student. */
export function canOpenSection(record: AccessFlags | undefined | null): boolean {
  const access = record ?? DEFAULT_ACCESS;
  return access.is_unlocked && access.is_visible;
}

/** Access records after a saved change to some items: existing records change, missing ones are created from the defaults. */
export function withChange(records: readonly AccessRecord[], itemIds: readonly string[], change: Partial<AccessFlags>): AccessRecord[] {
  const changed = new Set(itemIds);
  const known = new Set(records.map((record) => record.itemId));
  return [
    ...records.map((record) => (changed.has(record.itemId) ? { ...record, ...change } : record)),
    ...itemIds.filter((id) => !known.has(id)).map((itemId) => ({ itemId, ...DEFAULT_ACCESS, ...change })),
  ];
}
