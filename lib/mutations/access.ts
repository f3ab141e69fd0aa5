import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AccessFlags, AccessKind } from "@/lib/domain/access";

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
export function upsertAccess(client: SupabaseClient<Database>, kind: AccessKind, changes: AccessChange[]) {
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
