import { normalizeVideoInput } from "@/lib/domain/video";
import { z } from "./zod";

/** The course studio's inputs, shared by its forms and its server actions. */

export const CONTENT_KINDS = ["course_module", "tool", "block", "lesson"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 20_000;
/** As lessons_body_md_length in the database. */
export const LESSON_BODY_MAX = 100_000;
/** Tool names are addresses (/tech-founder/{name}). */
export const TOOL_NAME_MAX = 60;

const title = (empty: string, max = TITLE_MAX) =>
  z.string().trim().min(1, empty).max(max, `Не длиннее ${max} символов`);

const description = z
  .string()
  .max(DESCRIPTION_MAX, `Описание не длиннее ${DESCRIPTION_MAX} символов`)
  .transform((text) => text.trim() || null);

const id = z.uuid().optional();

/** A lesson's written body, Markdown, kept as typed (indentation is meaningful). */
const lessonBody = z.string().max(LESSON_BODY_MAX, "Текст урока — не длиннее 100 000 символов");

export const courseModuleSchema = z.object({
  id,
  title: title("Введите название модуля"),
  description,
  is_published: z.boolean(),
});

export const toolSchema = z.object({
  id,
  name: title("Введите название инструмента", TOOL_NAME_MAX).regex(
    /^[^/\\?#%]+$/,
    "Название станет адресом страницы: без символов / \\ ? # %",
  ),
  description,
  is_published: z.boolean(),
});

export const blockSchema = z.object({
  id,
  tool_id: z.uuid("Выберите инструмент"),
  name: title("Введите название блока"),
  description,
  is_published: z.boolean(),
});

/**
 * Where a lesson lives, as one select value: `course_module:{id}`, `tool:{id}` or
 * `block:{toolId}:{blockId}`; parsed into the lessons table's three parent columns.
 */
export type StudioItemKind = "course_module" | "tool" | "block";

const ITEM_NAME = { course_module: courseModuleSchema.shape.title, tool: toolSchema.shape.name, block: blockSchema.shape.name };

/** The studio's form for a module, a tool or a block: a name, a description and the draft switch. */
export const studioItemSchema = (kind: StudioItemKind) =>
  z.object({ name: ITEM_NAME[kind], description: courseModuleSchema.shape.description, is_published: z.boolean() });

export interface LessonParent {
  course_module_id: string | null;
  tool_id: string | null;
  module_id: string | null;
}

export const lessonParentSchema = z.string().transform((value, context): LessonParent => {
  const [kind, first, second] = value.split(":");
  const uuid = (candidate: string | undefined) => z.uuid().safeParse(candidate).success;
  if (kind === "course_module" && uuid(first) && second === undefined) {
    return { course_module_id: first, tool_id: null, module_id: null };
  }
  if (kind === "tool" && uuid(first) && second === undefined) return { course_module_id: null, tool_id: first, module_id: null };
  if (kind === "block" && uuid(first) && uuid(second)) return { course_module_id: null, tool_id: first, module_id: second! };
  context.addIssue({ code: "custom", message: "Выберите, где будет урок" });
  return z.NEVER;
});

export const videoFieldSchema = z.string().transform((value, context) => {
  const video = normalizeVideoInput(value);
  if (video.ok) return video.url;
  context.addIssue({ code: "custom", message: video.error });
  return z.NEVER;
});

export const lessonSchema = z.object({
  id,
  parent: lessonParentSchema,
  title: title("Введите название урока"),
  description,
  video: videoFieldSchema,
  // Left out, an update keeps the stored body and an insert takes the column's default ('').
  body_md: lessonBody.optional(),
  is_published: z.boolean(),
});

/** The title of a lesson created as a draft before its own title was typed. */
export const DRAFT_TITLE = "Новый урок";

/**
 * What a new lesson's form holds, as a draft the database takes: the studio creates it on the
 * first pasted picture, uploaded material or homework switched on, so nothing waits for a save.
 * A field the form would refuse yet (no title, an unsupported video, a body over the limit)
 * goes in empty, or as DRAFT_TITLE; the form keeps what was typed for «Сохранить урок» to check.
 * Never published: the switch is saved with the form.
 */
export function lessonDraftValues(values: LessonForm): LessonForm {
  const fits = (field: "title" | "description" | "video" | "body_md", value: unknown) => lessonSchema.shape[field].safeParse(value).success;
  return {
    parent: values.parent,
    title: fits("title", values.title) ? values.title : DRAFT_TITLE,
    description: fits("description", values.description) ? values.description : "",
    video: fits("video", values.video) ? values.video : "",
    body_md: fits("body_md", values.body_md) ? values.body_md : "",
    is_published: false,
  };
}

/** The studio's preview of a body as the student will see it. */
export const lessonBodyPreviewSchema = z.object({ body_md: lessonBody });

export const reorderSchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  ids: z.array(z.uuid()).min(1).max(1000),
});

export const contentRefSchema = z.object({ kind: z.enum(CONTENT_KINDS), id: z.uuid() });

/** What public.deletion_impact answers. */
export const deletionImpactSchema = z.object({ lessons: z.number(), blocks: z.number(), access_records: z.number() });
export type DeletionImpact = z.infer<typeof deletionImpactSchema>;

export type CourseModuleForm = z.input<typeof courseModuleSchema>;
export type ToolForm = z.input<typeof toolSchema>;
export type BlockForm = z.input<typeof blockSchema>;
export type LessonForm = z.input<typeof lessonSchema>;
export type ContentRef = z.infer<typeof contentRefSchema>;

export const lessonParentValue = (lesson: LessonParent) =>
  lesson.course_module_id
    ? `course_module:${lesson.course_module_id}`
    : lesson.module_id
      ? `block:${lesson.tool_id}:${lesson.module_id}`
      : `tool:${lesson.tool_id}`;
