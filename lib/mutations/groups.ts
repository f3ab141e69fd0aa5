import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { AccessKind } from "@/lib/domain/access";

/** Where each kind of group grant lives: shared by the cohort admin's actions and the tests. */
export const GROUP_GRANT_TABLES = {
  module: { table: "group_module_access", column: "module_id" },
  tool: { table: "group_tool_access", column: "tool_id" },
  lesson: { table: "group_lesson_access", column: "lesson_id" },
} as const satisfies Record<AccessKind, { table: keyof Database["public"]["Tables"]; column: string }>;

export interface GrantValues {
  is_unlocked: boolean;
  is_visible?: boolean;
  unlock_at?: string | null;
  expires_at?: string | null;
}

/** Upserts a group's grants on the group + item key; one branch per table keeps rows typed. */
export function upsertGrants(client: SupabaseClient<Database>, groupId: string, kind: AccessKind, itemIds: string[], values: GrantValues) {
  const onConflict = `group_id,${GROUP_GRANT_TABLES[kind].column}`;
  switch (kind) {
    case "module":
      return client.from("group_module_access").upsert(itemIds.map((module_id) => ({ group_id: groupId, module_id, ...values })), { onConflict });
    case "tool":
      return client.from("group_tool_access").upsert(itemIds.map((tool_id) => ({ group_id: groupId, tool_id, ...values })), { onConflict });
    case "lesson":
      return client.from("group_lesson_access").upsert(itemIds.map((lesson_id) => ({ group_id: groupId, lesson_id, ...values })), { onConflict });
  }
}
