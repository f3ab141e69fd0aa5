"use server";

import { getCurrentUser, isAdmin } from "@/lib/auth";
import { createClient } from "@/lib/supabase/server";
import {
  setAccessSchema,
  setAllAccessSchema,
  type AccessKind,
} from "@/lib/validation/access";

export type AccessResult = { ok: true } | { ok: false; error: string };

const TARGETS = {
  module: { table: "module_access", column: "module_id" },
  tool: { table: "tool_access", column: "tool_id" },
  lesson: { table: "lesson_access", column: "lesson_id" },
} as const satisfies Record<AccessKind, { table: string; column: string }>;

const FAILED: AccessResult = { ok: false, error: "Не удалось изменить доступ" };

async function adminOnly(): Promise<boolean> {
  const user = await getCurrentUser();
  return Boolean(user && (await isAdmin(user.id)));
}

/**
 * Upserts access rows on the user + item key with only the switched flag, so a visibility
 * change keeps is_unlocked; the database stamps or clears unlocked_at (stamp_unlocked_at).
 */
async function upsertAccess(kind: AccessKind, rows: Record<string, unknown>[]): Promise<AccessResult> {
  const { table, column } = TARGETS[kind];
  const supabase = await createClient();
  const { error } = await supabase.from(table).upsert(rows as never, { onConflict: `user_id,${column}` });
  if (error) {
    console.error(`access upsert into ${table} failed:`, error.message);
    return FAILED;
  }
  return { ok: true };
}

export async function setAccess(input: unknown): Promise<AccessResult> {
  if (!(await adminOnly())) return { ok: false, error: "Недостаточно прав" };
  const parsed = setAccessSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { kind, studentId, itemId, field, value } = parsed.data;
  return upsertAccess(kind, [{ user_id: studentId, [TARGETS[kind].column]: itemId, [field]: value }]);
}

export async function setAllAccess(input: unknown): Promise<AccessResult> {
  if (!(await adminOnly())) return { ok: false, error: "Недостаточно прав" };
  const parsed = setAllAccessSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { kind, studentId, itemIds, field, value } = parsed.data;
  const column = TARGETS[kind].column;
  return upsertAccess(
    kind,
    [...new Set(itemIds)].map((itemId) => ({ user_id: studentId, [column]: itemId, [field]: value })),
  );
}
