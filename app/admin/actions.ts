"use server";

import { cookies } from "next/headers";
import { z } from "zod";
import { currentUserIsAdmin } from "@/lib/auth";
import type { AccessKind } from "@/lib/domain/access";
import { previewCookie } from "@/lib/preview";
import { ACCESS_TABLES, upsertAccess, type AccessChange } from "@/lib/mutations/access";
import { createClient } from "@/lib/supabase/server";
import { setAccessSchema, setAllAccessSchema } from "@/lib/validation/access";

export type AccessResult = { ok: true } | { ok: false; error: string };

const FAILED: AccessResult = { ok: false, error: "Не удалось изменить доступ" };
const PREVIEW_FAILED = "Не удалось открыть просмотр глазами студента, попробуйте ещё раз";

async function saveAccess(kind: AccessKind, changes: AccessChange[]): Promise<AccessResult> {
  const { error } = await upsertAccess(await createClient(), kind, changes);
  if (error) {
    console.error(`access upsert into ${ACCESS_TABLES[kind].table} failed:`, error.message);
    return FAILED;
  }
  return { ok: true };
}

export async function setAccess(input: unknown): Promise<AccessResult> {
  if (!(await currentUserIsAdmin())) return { ok: false, error: "Недостаточно прав" };
  const parsed = setAccessSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { kind, studentId, itemId, field, value } = parsed.data;
  return saveAccess(kind, [{ userId: studentId, itemId, flags: { [field]: value } }]);
}

export async function setAllAccess(input: unknown): Promise<AccessResult> {
  if (!(await currentUserIsAdmin())) return { ok: false, error: "Недостаточно прав" };
  const parsed = setAllAccessSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { kind, studentId, itemIds, field, value } = parsed.data;
  return saveAccess(kind, [...new Set(itemIds)].map((itemId) => ({ userId: studentId, itemId, flags: { [field]: value } })));
}

const dropAccessSchema = z.object({ kind: z.enum(["module", "tool", "lesson"]), studentId: z.uuid(), itemId: z.uuid() });

/** Drops a student's own record for an item, so their groups (or the defaults) decide again. */
export async function dropAccess(input: unknown): Promise<AccessResult> {
  if (!(await currentUserIsAdmin())) return { ok: false, error: "Недостаточно прав" };
  const parsed = dropAccessSchema.safeParse(input);
  if (!parsed.success) return FAILED;
  const { kind, studentId, itemId } = parsed.data;
  const { table, column } = ACCESS_TABLES[kind];
  const { error } = await (await createClient()).from(table).delete().match({ user_id: studentId, [column]: itemId });
  if (error) {
    console.error(`access delete from ${table} failed:`, error.message);
    return FAILED;
  }
  return { ok: true };
}

/** «Смотреть как студент»: the student pages with this student's access, until the banner's exit (the button then opens them). */
export async function startPreview(studentId: unknown): Promise<AccessResult> {
  if (!(await currentUserIsAdmin())) return { ok: false, error: "Недостаточно прав" };
  const id = z.uuid().safeParse(studentId);
  if (!id.success) return { ok: false, error: "Студент не найден" };
  const supabase = await createClient();
  const { data: student, error } = await supabase.from("profiles").select("id, email, full_name").eq("id", id.data).maybeSingle();
  if (error) {
    console.error("preview: profile read failed:", error.code, error.message);
    return { ok: false, error: PREVIEW_FAILED };
  }
  if (!student) return { ok: false, error: "Студент не найден" };
  const cookie = previewCookie(student);
  if (!cookie) return { ok: false, error: PREVIEW_FAILED };
  (await cookies()).set(cookie);
  return { ok: true };
}
