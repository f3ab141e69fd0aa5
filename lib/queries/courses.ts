import "server-only";
import { cache } from "react";
import { z } from "zod";
import { createClient } from "@/lib/supabase/server";
import type { AccessRecord } from "@/lib/domain/access";
import { previewedStudentId, type Viewer } from "@/lib/preview";
import { orThrow } from "./result";

/** Server-only reads of the student pages: each makes one parallel wave (or one RPC). */

// Drafts are filtered here as well as by row level security, so an admin's preview shows what the student sees.

const progressRow = z.object({ id: z.string(), total: z.number(), completed: z.number() });
/** What public.progress_summary returns: visible and completed lessons per tool and per course module. */
export const progressSummarySchema = z.object({ tools: z.array(progressRow), course_modules: z.array(progressRow) });
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

type Client = Awaited<ReturnType<typeof createClient>>;
const progressSummary = async (supabase: Client, viewer: Viewer) =>
  progressSummarySchema.parse(orThrow(await supabase.rpc("progress_summary", { _student_id: previewedStudentId(viewer) })));

/** The viewer's effective access to items of one kind: own records first, then their groups' grants with dates. */
async function effectiveAccess(supabase: Client, viewer: Viewer, kind: "module" | "tool"): Promise<AccessRecord[]> {
  const rows = orThrow(await supabase.rpc("student_access", { _student_id: previewedStudentId(viewer) }).eq("kind", kind));
  return rows.map((row) => ({ itemId: row.item_id, is_unlocked: row.is_unlocked, is_visible: row.is_visible }));
}

export async function getCourseModules(viewer: Viewer) {
  const supabase = await createClient();
  const [modules, access, progress] = await Promise.all([
    supabase.from("course_modules").select("id, title, description, order_index").eq("is_published", true).order("order_index"),
    effectiveAccess(supabase, viewer, "module"),
    progressSummary(supabase, viewer),
  ]);
  return {
    modules: orThrow(modules),
    access,
    progress: progress.course_modules,
  };
}

export async function getTools(viewer: Viewer) {
  const supabase = await createClient();
  const [tools, access, progress] = await Promise.all([
    supabase.from("tech_tools").select("id, name, description, order_index").eq("is_published", true).order("order_index"),
    effectiveAccess(supabase, viewer, "tool"),
    progressSummary(supabase, viewer),
  ]);
  return {
    tools: orThrow(tools),
    access,
    progress: progress.tools,
  };
}

const trackProgress = z.object({ total: z.number(), completed: z.number() });

/** What public.dashboard_page returns. */
const dashboardSchema = z.object({
  profile: z.object({ role: z.enum(["admin", "student"]), full_name: z.string().nullable() }).nullable(),
  product_founder: trackProgress,
  tech_founder: trackProgress,
  /** The last opened lesson the student may still open. */
  continue: z
    .object({
      id: z.string(),
      title: z.string(),
      tool_name: z.string().nullable(),
      course_module_id: z.string().nullable(),
      course_module_title: z.string().nullable(),
    })
    .nullable(),
});

export async function getDashboard(viewer: Viewer) {
  const supabase = await createClient();
  return dashboardSchema.parse(orThrow(await supabase.rpc("dashboard_page", { _student_id: previewedStudentId(viewer) })));
}

const flags = { is_unlocked: z.boolean(), is_visible: z.boolean() };

/** The lessons of a tool or a course module, the student's records for them and which they completed. */
const lessonListSchema = z.object({
  lessons: z.array(z.object({ id: z.string(), module_id: z.string().nullable(), title: z.string(), order_index: z.number() })),
  lesson_access: z.array(z.object({ lesson_id: z.string(), ...flags })),
  completed: z.array(z.string()),
});

/** A lesson page's own part: whether the lesson is hidden from the viewer, and its content when it may be opened. */
const lessonPartSchema = {
  lesson_hidden: z.boolean(),
  /** Null unless the database lets this student open the lesson. */
  content: z.object({ description: z.string().nullable(), video_url: z.string().nullable() }).nullable(),
};

/** What public.tool_page returns (jsonb): parsed here, so a change in SQL fails loudly, not in a page. */
const toolPageSchema = lessonListSchema.extend({
  tool: z.object({ id: z.string(), name: z.string(), description: z.string().nullable() }).nullable(),
  /** The tool's current name when the address used one it had before. */
  renamed_to: z.string().nullable(),
  /** A tool of that name exists but is hidden from the viewer (its row is not readable). */
  hidden: z.boolean(),
  access: z.object(flags).nullable(),
  modules: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), order_index: z.number() })),
});
const toolLessonPageSchema = toolPageSchema.extend(lessonPartSchema);

const courseModulePageSchema = lessonListSchema.extend({
  module: z.object({ id: z.string(), title: z.string(), description: z.string().nullable(), number: z.number() }).nullable(),
  access: z.object(flags).nullable(),
});
const courseLessonPageSchema = courseModulePageSchema.extend(lessonPartSchema);

export type ToolPageData = z.infer<typeof toolPageSchema>;
export type CourseModulePageData = z.infer<typeof courseModulePageSchema>;

/** A tool found by case-insensitive exact name, with its blocks, lessons and the student's access. */
export const getToolPage = cache(async function getToolPage(viewer: Viewer, toolName: string) {
  const supabase = await createClient();
  return toolPageSchema.parse(orThrow(await supabase.rpc("tool_page", { _tool_name: toolName, _student_id: previewedStudentId(viewer) })));
});

export const getLessonPage = cache(async function getLessonPage(viewer: Viewer, toolName: string, lessonId: string) {
  const supabase = await createClient();
  return toolLessonPageSchema.parse(
    orThrow(await supabase.rpc("lesson_page", { _tool_name: toolName, _lesson_id: lessonId, _student_id: previewedStudentId(viewer) })),
  );
});

/** A Product Founder module with its lessons and the student's access. */
export const getCourseModulePage = cache(async function getCourseModulePage(viewer: Viewer, moduleId: string) {
  const supabase = await createClient();
  return courseModulePageSchema.parse(orThrow(await supabase.rpc("course_module_page", { _module_id: moduleId, _student_id: previewedStudentId(viewer) })));
});

export const getCourseLessonPage = cache(async function getCourseLessonPage(viewer: Viewer, moduleId: string, lessonId: string) {
  const supabase = await createClient();
  return courseLessonPageSchema.parse(
    orThrow(await supabase.rpc("course_lesson_page", { _module_id: moduleId, _lesson_id: lessonId, _student_id: previewedStudentId(viewer) })),
  );
});
