import "server-only";
import { z } from "zod";
import { REVIEWS_PER_PAGE, type QueueFilters } from "@/lib/domain/reviews";
import { createDataClient } from "@/lib/supabase/server";
import { homeworkAttemptSchema } from "./courses";
import { parseLessonOutline, readLessonOutline } from "./lesson-outline";
import { orThrow } from "./result";

/** Reads of the review pages (/admin/reviews): the queue with its filters' options in one wave, and one work. */

const status = z.enum(["submitted", "returned", "accepted"]);
const person = z.object({ id: z.string(), full_name: z.string().nullable() });

/** What public.review_queue returns; a curator may not read a name row level security keeps from them (null). */
const reviewQueueSchema = z.object({
  total: z.number(),
  items: z.array(
    z.object({
      id: z.string(),
      attempt: z.number(),
      status,
      submitted_at: z.string(),
      reviewed_at: z.string().nullable(),
      lesson_id: z.string(),
      lesson_title: z.string(),
      item_title: z.string().nullable(),
      track: z.enum(["tech", "product"]),
      student: person.extend({ email: z.string().nullable() }),
      claimed_by: person.nullable(),
      claimed_until: z.string().nullable(),
    }),
  ),
});
export type QueueItem = z.infer<typeof reviewQueueSchema>["items"][number];

export interface LessonOption {
  id: string;
  title: string;
  itemId: string;
  track: "tech" | "product";
}

/**
 * A page of the queue and what its filters offer, in one parallel wave. The groups offered are
 * those the reviewer may read: every group for an admin, the groups they curate for a curator.
 */
export async function getReviewQueue(filters: QueueFilters) {
  const supabase = await createDataClient();
  const [queue, groups, tools, modules, lessons] = await Promise.all([
    supabase.rpc("review_queue", {
      _status: filters.status,
      _group_id: filters.groupId || undefined,
      _track: filters.track ?? undefined,
      _item_id: filters.itemId ?? undefined,
      _lesson_id: filters.lessonId ?? undefined,
      _limit: REVIEWS_PER_PAGE,
      _offset: (filters.page - 1) * REVIEWS_PER_PAGE,
    }),
    supabase.from("groups").select("id, name").order("name"),
    supabase.from("tech_tools").select("id, name").order("order_index"),
    supabase.from("course_modules").select("id, title").order("order_index"),
    readLessonOutline(supabase),
  ]);
  const lessonOptions: LessonOption[] = parseLessonOutline(lessons).flatMap((lesson) => {
    const itemId = lesson.tool_id ?? lesson.course_module_id;
    if (!itemId || !lesson.has_assignment) return [];
    return [{ id: lesson.id, title: lesson.title, itemId, track: lesson.tool_id ? "tech" : "product" } as const];
  });
  return {
    ...reviewQueueSchema.parse(orThrow(queue)),
    groups: orThrow(groups),
    tools: orThrow(tools),
    modules: orThrow(modules),
    lessons: lessonOptions,
  };
}

/** What public.review_page returns: the work, its student, assignment and lesson, every attempt, and the next waiting work. */
const reviewPageSchema = z.object({
  submission: homeworkAttemptSchema.omit({ files: true, comments: true }).extend({
    claimed_by: person.nullable(),
    claimed_until: z.string().nullable(),
  }),
  student: person.extend({ email: z.string().nullable() }),
  assignment: z.object({ id: z.string(), instructions_md: z.string(), is_stop_lesson: z.boolean() }),
  lesson: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    video_url: z.string().nullable(),
    body_md: z.string(),
    item_title: z.string().nullable(),
  }),
  attempts: z.array(homeworkAttemptSchema),
  next_id: z.string().nullable(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;
export type ReviewAttempt = ReviewPage["attempts"][number];

/** One work for its reviewer; null when it does not exist or the caller may not review it. */
export async function getReviewPage(submissionId: string): Promise<ReviewPage | null> {
  const supabase = await createDataClient();
  const page = orThrow(await supabase.rpc("review_page", { _submission_id: submissionId }));
  return page === null ? null : reviewPageSchema.parse(page);
}
