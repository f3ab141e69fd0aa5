import "server-only";
import { z } from "zod";
import type { DataClient } from "@/lib/supabase/session";
import { orThrow } from "./result";

/** What public.lesson_outline returns: every lesson the reader may see, in order. */
const lessonOutlineSchema = z.array(
  z.object({
    id: z.string(),
    title: z.string(),
    tool_id: z.string().nullable(),
    course_module_id: z.string().nullable(),
    order_index: z.number(),
    is_published: z.boolean(),
    has_assignment: z.boolean(),
  }),
);
export type OutlineLesson = z.infer<typeof lessonOutlineSchema>[number];

/** Every lesson in one value, so PostgREST's 1,000-row cap never cuts a large school's list. */
export const readLessonOutline = (supabase: DataClient) => supabase.rpc("lesson_outline");

export const parseLessonOutline = (answer: Awaited<ReturnType<typeof readLessonOutline>>) => lessonOutlineSchema.parse(orThrow(answer));
