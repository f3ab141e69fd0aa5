import "server-only";
import { cache } from "react";
import { z } from "zod";
import { VERDICT_REASONS } from "@/lib/domain/access-verdicts";
import { createDataClient } from "@/lib/supabase/server";
import { previewedStudentId, type Viewer } from "@/lib/preview";
import { orThrow } from "./result";

/** Server-only reads of the student pages: each is one call of the page's database function. */

// Drafts are filtered here as well as by row level security, so an admin's preview shows what the student sees.

const progressRow = z.object({ id: z.string(), total: z.number(), completed: z.number() });
/** What public.progress_summary returns: visible and completed lessons per tool and per course module. */
export const progressSummarySchema = z.object({ tools: z.array(progressRow), course_modules: z.array(progressRow) });
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

/**
 * The access rule's verdict on an item (public.access_verdicts, passed on by track_access and
 * lesson_list): whether the student may open it, whether they see it, why, the opening date and the
 * groups named.
 */
export const verdictRow = z.object({
  item_id: z.string(),
  is_open: z.boolean(),
  is_visible: z.boolean(),
  why: z.enum(VERDICT_REASONS),
  opens_at: z.string().nullable(),
  group_names: z.array(z.string()).nullable(),
});

/**
 * What public.course_modules_page and public.tools_page return: the published items, the rule's
 * verdict on each item of the kind, and progress.
 */
const trackPageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), access: z.array(verdictRow), progress: z.array(progressRow) });
const courseModulesPageSchema = trackPageSchema(
  z.object({ id: z.string(), title: z.string(), description: z.string().nullable(), order_index: z.number() }),
);
const toolsPageSchema = trackPageSchema(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), order_index: z.number() }));

export async function getCourseModules(viewer: Viewer) {
  const supabase = await createDataClient();
  const page = courseModulesPageSchema.parse(orThrow(await supabase.rpc("course_modules_page", { _student_id: previewedStudentId(viewer) })));
  return { modules: page.items, verdicts: page.access, progress: page.progress };
}

export async function getTools(viewer: Viewer) {
  const supabase = await createDataClient();
  const page = toolsPageSchema.parse(orThrow(await supabase.rpc("tools_page", { _student_id: previewedStudentId(viewer) })));
  return { tools: page.items, verdicts: page.access, progress: page.progress };
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

/** What public.homework_summary returns: the caller's works by the status of their latest attempt. */
const homeworkSummarySchema = z.object({ returned: z.number(), submitted: z.number(), accepted: z.number() });
export type HomeworkSummary = z.infer<typeof homeworkSummarySchema>;

/** The dashboard and what homework waits for the student; none in an admin's preview (the summary is the caller's own). */
export async function getDashboard(viewer: Viewer) {
  const supabase = await createDataClient();
  // A curator lands here: how many works wait for them (review_queue's total, the queue's own rule).
  const reviewer = !viewer.preview && viewer.user.role === "curator";
  const [page, homework, queue] = await Promise.all([
    supabase.rpc("dashboard_page", { _student_id: previewedStudentId(viewer) }),
    viewer.preview ? null : supabase.rpc("homework_summary"),
    reviewer ? supabase.rpc("review_queue", { _status: "submitted", _limit: 1 }) : null,
  ]);
  return {
    ...dashboardSchema.parse(orThrow(page)),
    homework: homework ? homeworkSummarySchema.parse(orThrow(homework)) : null,
    waitingReviews: queue ? z.object({ total: z.number() }).parse(orThrow(queue)).total : null,
  };
}

/** A tool's or course module's lessons: the rule's verdict on the parent and on each lesson, and which lessons they completed. */
const lessonListSchema = z.object({
  lessons: z.array(z.object({ id: z.string(), module_id: z.string().nullable(), title: z.string(), order_index: z.number() })),
  /** The verdict on the tool or course module itself; null when there is none. */
  access: verdictRow.pick({ is_open: true, is_visible: true, why: true }).nullable(),
  /** With the stop-lesson holding a lesson, and whether that stop is its quiz rather than its homework. */
  verdicts: z.array(verdictRow.extend({ held_by: z.string().nullable(), held_by_quiz: z.boolean().nullable() })),
  completed: z.array(z.string()),
});

/** A lesson's material as its list shows it; the bytes are reached through /files/materials/{id}. */
const attachmentSchema = z.object({ id: z.string(), file_name: z.string(), size_bytes: z.number(), mime_type: z.string() });
export type LessonAttachment = z.infer<typeof attachmentSchema>;

/** What public.lesson_materials_for returns: the written body and the materials, in order. */
export const lessonMaterialsSchema = z.object({ body_md: z.string(), attachments: z.array(attachmentSchema) });

/** One attempt at a homework, with its files and the reviewers' comments (public.homework_for, public.review_page). */
export const homeworkAttemptSchema = z.object({
  id: z.string(),
  attempt: z.number(),
  answer_md: z.string(),
  links: z.array(z.string()),
  status: z.enum(["submitted", "returned", "accepted"]),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** Reached through /files/homework/{id}. */
  files: z.array(attachmentSchema),
  comments: z.array(z.object({ id: z.string(), body_md: z.string(), created_at: z.string(), author: z.string() })),
});

/** What public.homework_for returns: the lesson's assignment and every attempt of the viewer's, oldest first. */
const homeworkSchema = z.object({
  assignment: z.object({
    id: z.string(),
    instructions_md: z.string(),
    accepts_text: z.boolean(),
    accepts_links: z.boolean(),
    accepts_files: z.boolean(),
    is_stop_lesson: z.boolean(),
  }),
  attempts: z.array(homeworkAttemptSchema),
});
export type LessonHomework = z.infer<typeof homeworkSchema>;
export type HomeworkAttempt = LessonHomework["attempts"][number];

/** What a viewer who may open the lesson reads of it. */
const lessonContentSchema = lessonMaterialsSchema.extend({
  description: z.string().nullable(),
  video_url: z.string().nullable(),
  /** Null when the lesson carries no assignment. */
  homework: homeworkSchema.nullable().default(null),
});
export type LessonContent = z.infer<typeof lessonContentSchema>;

/** What public.quiz_for returns: the lesson's published quiz as the viewer takes it, never its key. */
const quizSchema = z.object({
  quiz: z.object({ id: z.string(), passing_percent: z.number(), max_attempts: z.number().nullable(), is_stop_lesson: z.boolean() }),
  questions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["single", "multiple", "text", "number"]),
      prompt_md: z.string(),
      points: z.number(),
      options: z.array(z.object({ id: z.string(), text: z.string() })),
    }),
  ),
  attempts: z.array(
    z.object({ id: z.string(), attempt: z.number(), score: z.number(), max_score: z.number(), passed: z.boolean(), submitted_at: z.string() }),
  ),
  /** The latest attempt's grade by question, with the explanations; null before the first attempt. */
  latest: z.array(z.object({ question_id: z.string(), right: z.boolean(), explanation_md: z.string() })).nullable(),
});
export type LessonQuiz = z.infer<typeof quizSchema>;

/** The lesson's quiz beside its page's own call (quiz_for checks the viewer may open the lesson). */
async function lessonQuiz(supabase: Awaited<ReturnType<typeof createDataClient>>, viewer: Viewer, lessonId: string) {
  return quizSchema.nullable().parse(orThrow(await supabase.rpc("quiz_for", { _user_id: viewer.studentId, _lesson_id: lessonId })));
}

/** A lesson page's own part: whether the lesson is hidden from the viewer, and its content when it may be opened. */
const lessonPartSchema = {
  lesson_hidden: z.boolean(),
  /** Null unless the database lets this student open the lesson. */
  content: lessonContentSchema.nullable(),
};

/** What public.tool_page returns (jsonb): parsed here, so a change in SQL fails loudly, not in a page. */
const toolPageSchema = lessonListSchema.extend({
  tool: z.object({ id: z.string(), name: z.string(), description: z.string().nullable() }).nullable(),
  /** The tool's current name when the address used one it had before. */
  renamed_to: z.string().nullable(),
  /** A tool of that name exists but is hidden from the viewer (its row is not readable). */
  hidden: z.boolean(),
  modules: z.array(z.object({ id: z.string(), name: z.string(), description: z.string().nullable(), order_index: z.number() })),
});
const toolLessonPageSchema = toolPageSchema.extend(lessonPartSchema);

const courseModulePageSchema = lessonListSchema.extend({
  module: z.object({ id: z.string(), title: z.string(), description: z.string().nullable(), number: z.number() }).nullable(),
});
const courseLessonPageSchema = courseModulePageSchema.extend(lessonPartSchema);

export type ToolPageData = z.infer<typeof toolPageSchema>;
export type CourseModulePageData = z.infer<typeof courseModulePageSchema>;

/** A tool found by case-insensitive exact name, with its blocks, lessons and the student's access. */
export const getToolPage = cache(async function getToolPage(viewer: Viewer, toolName: string) {
  const supabase = await createDataClient();
  return toolPageSchema.parse(orThrow(await supabase.rpc("tool_page", { _tool_name: toolName, _student_id: previewedStudentId(viewer) })));
});

export const getLessonPage = cache(async function getLessonPage(viewer: Viewer, toolName: string, lessonId: string) {
  const supabase = await createDataClient();
  const [page, quiz] = await Promise.all([
    supabase.rpc("lesson_page", { _tool_name: toolName, _lesson_id: lessonId, _student_id: previewedStudentId(viewer) }),
    lessonQuiz(supabase, viewer, lessonId),
  ]);
  return { ...toolLessonPageSchema.parse(orThrow(page)), quiz };
});

/** A Product Founder module with its lessons and the student's access. */
export const getCourseModulePage = cache(async function getCourseModulePage(viewer: Viewer, moduleId: string) {
  const supabase = await createDataClient();
  return courseModulePageSchema.parse(orThrow(await supabase.rpc("course_module_page", { _module_id: moduleId, _student_id: previewedStudentId(viewer) })));
});

export const getCourseLessonPage = cache(async function getCourseLessonPage(viewer: Viewer, moduleId: string, lessonId: string) {
  const supabase = await createDataClient();
  const [page, quiz] = await Promise.all([
    supabase.rpc("course_lesson_page", { _module_id: moduleId, _lesson_id: lessonId, _student_id: previewedStudentId(viewer) }),
    lessonQuiz(supabase, viewer, lessonId),
  ]);
  return { ...courseLessonPageSchema.parse(orThrow(page)), quiz };
});
