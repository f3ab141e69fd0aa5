import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AccessFlags, AccessKind } from "@/lib/domain/access";
import { changed, written } from "./rows";

type Client = SupabaseClient<Database>;

/** Where each kind of access lives: the one map the admin actions and the tests share. */
export const ACCESS_TABLES = {
  module: { table: "module_access", column: "module_id" },
  tool: { table: "tool_access", column: "tool_id" },
  lesson: { table: "lesson_access", column: "lesson_id" },
} as const satisfies Record<AccessKind, { table: keyof Database["public"]["Tables"]; column: string }>;

export interface AccessChange {
  userId: string;
  itemId: string;
  flags: Partial<AccessFlags>;
}

/**
 * Upserts access rows on the user + item key with only the given flags, so a visibility change
 * keeps is_unlocked; the database stamps or clears unlocked_at (stamp_unlocked_at). One branch
 * per table keeps every row typed by the generated types.
 */
export function upsertAccess(client: Client, kind: AccessKind, changes: AccessChange[]) {
  const onConflict = `user_id,${ACCESS_TABLES[kind].column}`;
  switch (kind) {
    case "module":
      return client.from("module_access").upsert(changes.map(({ userId, itemId, flags }) => ({ user_id: userId, module_id: itemId, ...flags })), { onConflict });
    case "tool":
      return client.from("tool_access").upsert(changes.map(({ userId, itemId, flags }) => ({ user_id: userId, tool_id: itemId, ...flags })), { onConflict });
    case "lesson":
      return client.from("lesson_access").upsert(changes.map(({ userId, itemId, flags }) => ({ user_id: userId, lesson_id: itemId, ...flags })), { onConflict });
  }
}

/** Sets one flag on a student's items; a student or an item that does not exist is refused by its foreign key. */
export async function setAccessFlag(client: Client, kind: AccessKind, studentId: string, itemIds: string[], flags: Partial<AccessFlags>) {
  await written(upsertAccess(client, kind, [...new Set(itemIds)].map((itemId) => ({ userId: studentId, itemId, flags }))));
}

/** Drops a student's own record for an item, so their groups (or the defaults) decide again. */
export async function dropAccess(client: Client, kind: AccessKind, studentId: string, itemId: string) {
  const { table, column } = ACCESS_TABLES[kind];
  await changed(
    client.from(table).delete().match({ user_id: studentId, [column]: itemId }).select("user_id"),
    "Личная настройка не найдена — возможно, её уже сняли",
  );
}
