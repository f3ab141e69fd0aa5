"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { sessionIsLive } from "@/lib/auth";
import { PREVIEW_COOKIE, requireViewer } from "@/lib/preview";
import { createClient } from "@/lib/supabase/server";

/** Leaves «Смотреть как студент» and returns to that student's access panel. */
export async function endPreview(studentId: unknown): Promise<never> {
  const cookieStore = await cookies();
  cookieStore.delete(PREVIEW_COOKIE);
  const id = z.uuid().safeParse(studentId);
  redirect(id.success ? `/admin?student=${id.data}` : "/admin");
}

/** The student opened a lesson (its «Продолжить» on the dashboard); the database checks it is open. */
export async function recordLessonOpened(lessonId: unknown): Promise<void> {
  const id = z.uuid().safeParse(lessonId);
  const viewer = await requireViewer();
  if (!id.success || viewer.preview || !(await sessionIsLive())) return;
  const supabase = await createClient();
  const { error } = await supabase.rpc("record_lesson_opened", { _lesson_id: id.data });
  if (error) console.error("recording an opened lesson failed:", error.message);
}

export type CompletionResult = { ok: true } | { ok: false; error: string };

const completionSchema = z.object({ lessonId: z.uuid(), completed: z.boolean() });

/** «Отметить пройденным» and its undo; the database checks the lesson is open for the student. */
export async function setLessonCompleted(input: unknown): Promise<CompletionResult> {
  const viewer = await requireViewer();
  if (viewer.preview) return { ok: false, error: "Это просмотр глазами студента: отметки не сохраняются" };
  const parsed = completionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Урок не найден" };
  if (!(await sessionIsLive())) return { ok: false, error: "Сессия завершена. Войдите снова" };
  const supabase = await createClient();
  const { data, error } = await supabase.rpc("set_lesson_completed", { _lesson_id: parsed.data.lessonId, _completed: parsed.data.completed });
  if (error) {
    console.error("lesson completion failed:", error.message);
    return { ok: false, error: "Не удалось сохранить отметку" };
  }
  return data ? { ok: true } : { ok: false, error: "Урок закрыт: отметить его нельзя" };
}
