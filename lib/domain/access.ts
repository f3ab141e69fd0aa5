import type { StudentVerdict } from "./access-reasons";

/** A personal access record's flags (docs/product.md §4); a new record starts closed and visible. */

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

/** A personal access record keyed by the item it is about (the admin panel's queries alias module_id/tool_id/lesson_id to itemId). */
export type AccessRecord = AccessFlags & { itemId: string };

/** An item with the student's own record's flags, if any: what the admin panel's switches start from. */
export type WithAccess<T> = T & AccessFlags & { hasRecord: boolean };

export function byOrderIndex<T extends Ordered>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order_index - b.order_index || a.id.localeCompare(b.id));
}

/** Joins items with the student's personal records by item id, in order_index order (the admin panel). */
export function withAccess<T extends Ordered>(items: readonly T[], records: readonly AccessRecord[]): WithAccess<T>[] {
  const byItem = new Map(records.map((record) => [record.itemId, record]));
  return byOrderIndex(items).map((item) => {
    const record = byItem.get(item.id);
    return {
      ...item,
      is_unlocked: record?.is_unlocked ?? DEFAULT_ACCESS.is_unlocked,
      is_visible: record?.is_visible ?? DEFAULT_ACCESS.is_visible,
      hasRecord: Boolean(record),
    };
  });
}

/**
 * The items a student's list shows, in order_index order, each with the access rule's verdict on it
 * (public.access_verdicts): those it shows. An item the rule said nothing about is not shown.
 */
export function shownItems<T extends Ordered, V extends StudentVerdict>(items: readonly T[], verdicts: readonly V[]): (T & { verdict: V })[] {
  const byItem = new Map(verdicts.map((verdict) => [verdict.item_id, verdict]));
  return byOrderIndex(items).flatMap((item) => {
    const verdict = byItem.get(item.id);
    return verdict?.is_visible ? [{ ...item, verdict }] : [];
  });
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
