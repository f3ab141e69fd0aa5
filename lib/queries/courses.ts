import "server-only";
import { createClient } from "@/lib/supabase/server";
import { orThrow } from "./result";

/** Server-only reads of the student pages: each makes one parallel wave (or one RPC). */

export async function getCourseModules(userId: string) {
  const supabase = await createClient();
  const [modules, access] = await Promise.all([
    supabase.from("course_modules").select("id, title, description, order_index").order("order_index"),
    supabase.from("module_access").select("itemId:module_id, is_unlocked, is_visible").eq("user_id", userId),
  ]);
  return {
    modules: orThrow(modules),
    access: orThrow(access),
  };
}

export async function getTools(userId: string) {
  const supabase = await createClient();
  const [tools, access] = await Promise.all([
    supabase.from("tech_tools").select("id, name, description, order_index").order("order_index"),
    supabase.from("tool_access").select("itemId:tool_id, is_unlocked, is_visible").eq("user_id", userId),
  ]);
  return {
    tools: orThrow(tools),
    access: orThrow(access),
  };
}

export interface ToolPageData {
  tool: { id: string; name: string; description: string | null } | null;
  access: { is_unlocked: boolean; is_visible: boolean } | null;
  modules: { id: string; name: string; description: string | null; order_index: number }[];
  lessons: { id: string; module_id: string | null; title: string; order_index: number }[];
  lesson_access: { lesson_id: string; is_unlocked: boolean; is_visible: boolean }[];
}

export interface LessonPageData extends ToolPageData {
  /** Null unless the database lets this student open the lesson. */
  content: { description: string | null; video_url: string | null } | null;
}

/** A tool found by case-insensitive exact name, with its blocks, lessons and the student's access. */
export async function getToolPage(toolName: string): Promise<ToolPageData> {
  const supabase = await createClient();
  return orThrow(await supabase.rpc("tool_page", { _tool_name: toolName })) as unknown as ToolPageData;
}

export async function getLessonPage(toolName: string, lessonId: string): Promise<LessonPageData> {
  const supabase = await createClient();
  return orThrow(
    await supabase.rpc("lesson_page", { _tool_name: toolName, _lesson_id: lessonId }),
  ) as unknown as LessonPageData;
}
