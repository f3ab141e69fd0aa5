import type { SupabaseClient } from "@supabase/supabase-js";
import { Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import { written } from "./rows";

/** A student's own progress: what they opened and what they marked completed. The database checks the lesson is open for them. */

type Client = SupabaseClient<Database>;

const LESSON_NOT_FOUND = "Урок не найден";

/** Whether the student can see the lesson at all: a hidden or deleted lesson reads as none. */
async function lessonExists(client: Client, lessonId: string): Promise<boolean> {
  return Boolean(await written(client.from("lessons").select("id").eq("id", lessonId).maybeSingle()));
}

/** Records the opening (the dashboard's «Продолжить»); a lesson the student may not open records nothing. */
export async function recordLessonOpened(client: Client, lessonId: string) {
  const [, exists] = await Promise.all([written(client.rpc("record_lesson_opened", { _lesson_id: lessonId })), lessonExists(client, lessonId)]);
  if (!exists) throw new Refusal(LESSON_NOT_FOUND);
}

/** «Отметить пройденным» and its undo. */
export async function setLessonCompleted(client: Client, lessonId: string, completed: boolean) {
  const saved = await written(client.rpc("set_lesson_completed", { _lesson_id: lessonId, _completed: completed }));
  if (saved) return;
  throw new Refusal((await lessonExists(client, lessonId)) ? "Урок закрыт: отметить его нельзя" : LESSON_NOT_FOUND);
}
