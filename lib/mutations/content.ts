import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import type { z } from "@/lib/validation/zod";
import {
  deletionImpactSchema,
  type blockSchema,
  type ContentKind,
  type courseModuleSchema,
  type DeletionImpact,
  type lessonSchema,
  type toolSchema,
} from "@/lib/validation/content";
import { changed, written } from "./rows";

/** The course studio's writes: modules, tools, blocks and lessons; each answers the saved item's id. */

type Client = SupabaseClient<Database>;

/** Where each kind of course content lives: shared by the studio's actions and the tests. */
export const CONTENT_TABLES = {
  course_module: "course_modules",
  tool: "tech_tools",
  block: "modules",
  lesson: "lessons",
} as const satisfies Record<ContentKind, keyof Database["public"]["Tables"]>;

export const NOT_FOUND = "Элемент не найден — возможно, его уже удалили";

// No revalidatePath: every page that shows content renders per request, and each form refreshes
// or leaves its own page; revalidating would render the current page a second time (and a
// deleted item's page as a 404 before the client leaves it).

type Saved = PromiseLike<{ data: { id: string }[] | null; error: { code?: string; message: string } | null }>;

async function savedId(write: Saved): Promise<string> {
  const [row] = await changed(write, NOT_FOUND);
  return row.id;
}

export async function saveCourseModule(client: Client, { id, ...values }: z.output<typeof courseModuleSchema>) {
  const table = client.from("course_modules");
  return savedId(id ? table.update(values).eq("id", id).select("id") : table.insert(values).select("id"));
}

export async function saveTool(client: Client, { id, ...values }: z.output<typeof toolSchema>) {
  const table = client.from("tech_tools");
  return savedId(id ? table.update(values).eq("id", id).select("id") : table.insert(values).select("id"));
}

export async function saveBlock(client: Client, { id, tool_id, ...values }: z.output<typeof blockSchema>) {
  const table = client.from("modules");
  // A block stays with its tool: moving it would strand its lessons' parent.
  return savedId(id ? table.update(values).eq("id", id).select("id") : table.insert({ tool_id, ...values }).select("id"));
}

export async function saveLesson(client: Client, { id, parent, video, ...fields }: z.output<typeof lessonSchema>) {
  const values = { ...fields, ...parent, video_url: video };
  const table = client.from("lessons");
  return savedId(id ? table.update(values).eq("id", id).select("id") : table.insert(values).select("id"));
}

export async function deleteContent(client: Client, kind: ContentKind, id: string) {
  return savedId(client.from(CONTENT_TABLES[kind]).delete().eq("id", id).select("id"));
}

/**
 * Writes a list's whole order in one transaction (reorder_content). The database refuses a list
 * that is not the whole current one as stale; a list none of whose items exist is «не найден».
 */
export async function reorderContent(client: Client, kind: ContentKind, ids: string[]) {
  const { error } = await client.rpc("reorder_content", { _kind: kind, _ids: ids });
  if (!error) return;
  if (error.hint === "stale_list") {
    const existing = await written(client.from(CONTENT_TABLES[kind]).select("id").in("id", ids).limit(1));
    if (!existing?.length) throw new Refusal(NOT_FOUND);
  }
  throw new DatabaseError(error);
}

/** What a delete would take with it, for the confirmation dialog. */
export async function deletionImpact(client: Client, kind: ContentKind, id: string): Promise<DeletionImpact> {
  const [item, impact] = await Promise.all([
    written(client.from(CONTENT_TABLES[kind]).select("id").eq("id", id).maybeSingle()),
    written(client.rpc("deletion_impact", { _kind: kind, _id: id })),
  ]);
  if (!item) throw new Refusal(NOT_FOUND);
  return deletionImpactSchema.parse(impact);
}
