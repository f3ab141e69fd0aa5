import "server-only";
import { z } from "zod";
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

const flags = { is_unlocked: z.boolean(), is_visible: z.boolean() };

/** What public.tool_page returns (jsonb): parsed here, so a change in SQL fails loudly, not in a page. */
const toolPageSchema = z.object({
  tool: z.object({ id: z.string(), name: z.string(), description: z.string().nullable() }).nullable(),
  access: z.object(flags).nullable(),
  modules: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), order_index: z.number() })),
  lessons: z.array(z.object({ id: z.string(), module_id: z.string().nullable(), title: z.string(), order_index: z.number() })),
  lesson_access: z.array(z.object({ lesson_id: z.string(), ...flags })),
});

const lessonPageSchema = toolPageSchema.extend({
  /** Null unless the database lets this student open the lesson. */
  content: z.object({ description: z.string().nullable(), video_url: z.string().nullable() }).nullable(),
});

export type ToolPageData = z.infer<typeof toolPageSchema>;
export type LessonPageData = z.infer<typeof lessonPageSchema>;

/** A tool found by case-insensitive exact name, with its blocks, lessons and the student's access. */
export async function getToolPage(toolName: string): Promise<ToolPageData> {
  const supabase = await createClient();
  return toolPageSchema.parse(orThrow(await supabase.rpc("tool_page", { _tool_name: toolName })));
}

export async function getLessonPage(toolName: string, lessonId: string): Promise<LessonPageData> {
  const supabase = await createClient();
  return lessonPageSchema.parse(orThrow(await supabase.rpc("lesson_page", { _tool_name: toolName, _lesson_id: lessonId })));
}
