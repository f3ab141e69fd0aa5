"use server";

import type { z } from "zod";
import { currentUserIsAdmin } from "@/lib/auth";
import { CONTENT_TABLES, contentErrorMessage, type PostgrestFailure } from "@/lib/mutations/content";
import { createClient } from "@/lib/supabase/server";
import {
  blockSchema,
  contentRefSchema,
  courseModuleSchema,
  deletionImpactSchema,
  lessonSchema,
  reorderSchema,
  toolSchema,
  type DeletionImpact,
} from "@/lib/validation/content";

export type StudioResult = { ok: true; id: string } | { ok: false; error: string; fieldErrors?: Record<string, string> };

const NO_RIGHTS: StudioResult = { ok: false, error: "Недостаточно прав" };
const NOT_FOUND: StudioResult = { ok: false, error: "Элемент не найден — возможно, его уже удалили" };

function invalid(error: z.ZodError): StudioResult {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return { ok: false, error: "Проверьте поля формы", fieldErrors };
}

function failed(error: PostgrestFailure, where: string): StudioResult {
  console.error(`course studio: ${where} failed:`, error.code, error.message);
  const message = contentErrorMessage(error);
  return { ok: false, error: message, fieldErrors: error.code === "23505" ? { name: message } : undefined };
}

type Written = { data: { id: string }[] | null; error: PostgrestFailure | null };

// No revalidatePath: every page that shows content renders per request, and each form refreshes
// or leaves its own page; revalidating would render the current page a second time (and a
// deleted item's page as a 404 before the client leaves it).

async function written(write: PromiseLike<Written>, where: string): Promise<StudioResult> {
  const { data, error } = await write;
  if (error) return failed(error, where);
  return data?.[0] ? { ok: true, id: data[0].id } : NOT_FOUND;
}

export async function saveCourseModule(input: unknown): Promise<StudioResult> {
  if (!(await currentUserIsAdmin())) return NO_RIGHTS;
  const parsed = courseModuleSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { id, ...values } = parsed.data;
  const table = (await createClient()).from("course_modules");
  return written(id ? table.update(values).eq("id", id).select("id") : table.insert(values).select("id"), "course module save");
}

export async function saveTool(input: unknown): Promise<StudioResult> {
  if (!(await currentUserIsAdmin())) return NO_RIGHTS;
  const parsed = toolSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { id, ...values } = parsed.data;
  const table = (await createClient()).from("tech_tools");
  return written(id ? table.update(values).eq("id", id).select("id") : table.insert(values).select("id"), "tool save");
}

export async function saveBlock(input: unknown): Promise<StudioResult> {
  if (!(await currentUserIsAdmin())) return NO_RIGHTS;
  const parsed = blockSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { id, tool_id, ...values } = parsed.data;
  const table = (await createClient()).from("modules");
  // A block stays with its tool: moving it would strand its lessons' parent.
  return written(id ? table.update(values).eq("id", id).select("id") : table.insert({ tool_id, ...values }).select("id"), "block save");
}

export async function saveLesson(input: unknown): Promise<StudioResult> {
  if (!(await currentUserIsAdmin())) return NO_RIGHTS;
  const parsed = lessonSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { id, parent, video, ...fields } = parsed.data;
  const values = { ...fields, ...parent, video_url: video };
  const table = (await createClient()).from("lessons");
  return written(id ? table.update(values).eq("id", id).select("id") : table.insert(values).select("id"), "lesson save");
}

export async function deleteContent(input: unknown): Promise<StudioResult> {
  if (!(await currentUserIsAdmin())) return NO_RIGHTS;
  const parsed = contentRefSchema.safeParse(input);
  if (!parsed.success) return NOT_FOUND;
  const { kind, id } = parsed.data;
  return written((await createClient()).from(CONTENT_TABLES[kind]).delete().eq("id", id).select("id"), `${kind} delete`);
}

export async function reorderContent(input: unknown): Promise<StudioResult> {
  if (!(await currentUserIsAdmin())) return NO_RIGHTS;
  const parsed = reorderSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Не удалось изменить порядок" };
  const { kind, ids } = parsed.data;
  const { error } = await (await createClient()).rpc("reorder_content", { _kind: kind, _ids: ids });
  return error ? failed(error, `${kind} reorder`) : { ok: true, id: ids[0] };
}

/** What a delete would take with it, for the confirmation dialog. */
export async function getDeletionImpact(input: unknown): Promise<DeletionImpact | null> {
  if (!(await currentUserIsAdmin())) return null;
  const parsed = contentRefSchema.safeParse(input);
  if (!parsed.success) return null;
  const { data, error } = await (await createClient()).rpc("deletion_impact", { _kind: parsed.data.kind, _id: parsed.data.id });
  if (error) {
    console.error("course studio: deletion impact failed:", error.message);
    return null;
  }
  return deletionImpactSchema.parse(data);
}
