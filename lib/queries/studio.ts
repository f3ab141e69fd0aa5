import "server-only";
import { z } from "zod";
import { createDataClient } from "@/lib/supabase/server";
import { lessonMaterialsSchema } from "./courses";
import { orThrow } from "./result";

/** Reads of the course studio (/admin/content), one parallel wave per page; drafts included. */

export async function getStudioOverview() {
  const supabase = await createDataClient();
  const [modules, tools, lessonCounts] = await Promise.all([
    supabase.from("course_modules").select("id, title, order_index, is_published").order("order_index").order("id"),
    supabase.from("tech_tools").select("id, name, order_index, is_published").order("order_index").order("id"),
    supabase.rpc("content_lesson_counts"),
  ]);
  const countOf = new Map(orThrow(lessonCounts).map((row) => [row.parent_id, row.lesson_count]));
  return {
    modules: orThrow(modules).map((module) => ({ ...module, lessonCount: countOf.get(module.id) ?? 0 })),
    tools: orThrow(tools).map((tool) => ({ ...tool, lessonCount: countOf.get(tool.id) ?? 0 })),
  };
}

const LESSON_ROW = "id, title, order_index, is_published, module_id";

export async function getStudioCourseModule(moduleId: string) {
  const supabase = await createDataClient();
  const [module, lessons] = await Promise.all([
    supabase.from("course_modules").select("id, title, description, is_published, issues_certificate").eq("id", moduleId).maybeSingle(),
    supabase.from("lessons").select(LESSON_ROW).eq("course_module_id", moduleId).order("order_index").order("id"),
  ]);
  return { module: orThrow(module), lessons: orThrow(lessons) };
}

export async function getStudioTool(toolId: string) {
  const supabase = await createDataClient();
  const [tool, blocks, lessons] = await Promise.all([
    supabase.from("tech_tools").select("id, name, description, is_published, issues_certificate").eq("id", toolId).maybeSingle(),
    supabase.from("modules").select("id, name, order_index, is_published").eq("tool_id", toolId).order("order_index").order("id"),
    supabase.from("lessons").select(LESSON_ROW).eq("tool_id", toolId).order("order_index").order("id"),
  ]);
  return { tool: orThrow(tool), blocks: orThrow(blocks), lessons: orThrow(lessons) };
}

export async function getStudioBlock(blockId: string) {
  const supabase = await createDataClient();
  // Tools are few: reading them beside the block keeps the page to one wave.
  const [block, lessons, tools] = await Promise.all([
    supabase.from("modules").select("id, name, description, is_published, tool_id").eq("id", blockId).maybeSingle(),
    supabase.from("lessons").select(LESSON_ROW).eq("module_id", blockId).order("order_index").order("id"),
    supabase.from("tech_tools").select("id, name"),
  ]);
  const found = orThrow(block);
  const tool = found && orThrow(tools).find((candidate) => candidate.id === found.tool_id);
  return found && tool ? { ...found, tool, lessons: orThrow(lessons) } : null;
}

export async function getStudioToolName(toolId: string) {
  const supabase = await createDataClient();
  const tool = await supabase.from("tech_tools").select("id, name").eq("id", toolId).maybeSingle();
  return orThrow(tool);
}

/** Where a lesson may live: every course module, tool and block, for the lesson form's select. */
async function lessonParents(supabase: Awaited<ReturnType<typeof createDataClient>>) {
  const [modules, tools, blocks] = await Promise.all([
    supabase.from("course_modules").select("id, title").order("order_index").order("id"),
    supabase.from("tech_tools").select("id, name").order("order_index").order("id"),
    supabase.from("modules").select("id, name, tool_id").order("order_index").order("id"),
  ]);
  return { modules: orThrow(modules), tools: orThrow(tools), blocks: orThrow(blocks) };
}

export type LessonParents = Awaited<ReturnType<typeof lessonParents>>;

const STUDIO_ASSIGNMENT = "id, instructions_md, accepts_text, accepts_links, accepts_files, is_stop_lesson";

export async function getStudioLesson(lessonId: string) {
  const supabase = await createDataClient();
  const [lesson, content, materials, assignment, parents] = await Promise.all([
    supabase.from("lessons").select("id, title, tool_id, module_id, course_module_id, is_published").eq("id", lessonId).maybeSingle(),
    supabase.rpc("lesson_content", { _lesson_id: lessonId }).maybeSingle(),
    supabase.rpc("lesson_materials", { _lesson_id: lessonId }),
    supabase.from("assignments").select(STUDIO_ASSIGNMENT).eq("lesson_id", lessonId).maybeSingle(),
    lessonParents(supabase),
  ]);
  const { body_md, attachments } = lessonMaterialsSchema.parse(orThrow(materials) ?? { body_md: "", attachments: [] });
  return { lesson: orThrow(lesson), content: orThrow(content), bodyMd: body_md, attachments, assignment: orThrow(assignment), parents };
}

/** A lesson's assignment as the studio edits it. */
export type StudioAssignment = NonNullable<Awaited<ReturnType<typeof getStudioLesson>>["assignment"]>;

export async function getStudioLessonParents() {
  return lessonParents(await createDataClient());
}

/** What public.quiz_editor returns: the lesson's quiz with its key, for admins. */
const studioQuizSchema = z.object({
  quiz: z.object({
    id: z.string(),
    passing_percent: z.number(),
    max_attempts: z.number().nullable(),
    is_stop_lesson: z.boolean(),
    shuffle: z.boolean(),
    is_published: z.boolean(),
  }),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["single", "multiple", "text", "number"]),
      prompt_md: z.string(),
      options: z.array(z.object({ id: z.string(), text: z.string() })),
      correct: z.union([z.array(z.string()), z.object({ value: z.number(), tolerance: z.number() })]),
      points: z.number(),
      explanation_md: z.string(),
    }),
  ),
  attempts: z.number(),
});
export type StudioQuiz = z.infer<typeof studioQuizSchema>;

/** The studio's quiz page: the lesson, and its quiz (null when it has none yet). */
export async function getStudioQuiz(lessonId: string) {
  const supabase = await createDataClient();
  const [lesson, quiz] = await Promise.all([
    supabase.from("lessons").select("id, title, is_published").eq("id", lessonId).maybeSingle(),
    supabase.rpc("quiz_editor", { _lesson_id: lessonId }),
  ]);
  return { lesson: orThrow(lesson), quiz: studioQuizSchema.nullable().parse(orThrow(quiz)) };
}

/** Whether a lesson has a quiz and whether it is published, for the lesson's studio page. */
export async function getStudioQuizState(lessonId: string): Promise<{ is_published: boolean } | null> {
  const supabase = await createDataClient();
  const quiz = await supabase.from("quizzes").select("is_published").eq("lesson_id", lessonId).maybeSingle();
  return orThrow(quiz);
}
