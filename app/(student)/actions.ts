"use server";

import { redirect } from "next/navigation";
import { defineAction, defineFormAction, defineStateAction, fail, ok } from "@/lib/actions";
import { safeNextPath } from "@/lib/domain/paths";
import * as progress from "@/lib/mutations/progress";
import * as quizzes from "@/lib/mutations/quizzes";
import { closePreview, PREVIEW_READ_ONLY, viewerOf } from "@/lib/preview";
import { lessonCompletionSchema } from "@/lib/validation/progress";
import { quizAnswersSchema } from "@/lib/validation/quizzes";
import { z } from "@/lib/validation/zod";

/** Leaves «Смотреть как студент» and returns to that student's access panel (the banner's form, bound to the student). */
export const endPreview = defineFormAction({ role: "anyone", schema: z.uuid(), bound: true, refused: "/admin" }, async ({ data: studentId }) => {
  await closePreview();
  redirect(`/admin?student=${studentId}`);
});

/**
 * The student opened a lesson (its «Продолжить» on the dashboard); the database checks it is open
 * and whose it is (`auth.uid()`). It trusts the session verified once for the request (the access
 * token's signature, no round trip) instead of asking Supabase Auth whether the session is still
 * alive, as a write does (issue 44): it records what the student may already read with that token,
 * once per lesson view, and nothing in it changes what anyone can do. Marks, homework and every
 * admin write still ask Auth first.
 */
export const recordLessonOpened = defineAction({ role: "student", schema: z.uuid(), write: false, failure: "Не удалось отметить открытие урока" }, async ({ data: lessonId, user, supabase }) => {
  if ((await viewerOf(user)).preview) return fail(PREVIEW_READ_ONLY);
  await progress.recordLessonOpened(supabase, lessonId);
  return ok();
});

/**
 * «Отметить пройденным» and its undo; the database checks the lesson is open for the student. A plain
 * form: a press before the script is the browser's post, and the page comes back with the mark.
 * Answers the mark saved.
 */
export const setLessonCompleted = defineStateAction(
  { role: "student", schema: lessonCompletionSchema, shown: [], failure: "Не удалось сохранить отметку" },
  async ({ data, user, supabase }) => {
    if ((await viewerOf(user)).preview) return fail(PREVIEW_READ_ONLY);
    await progress.setLessonCompleted(supabase, data.lessonId, data.completed);
    return ok(data.completed);
  },
);

/**
 * «Отправить ответы»: the database grades the attempt (submit_quiz) and, when it passes, passes the
 * lesson; the lesson page then shows the grade, with the focus on it. A plain form: the browser posts it
 * before the script.
 */
export const submitQuiz = defineStateAction(
  { role: "student", schema: quizAnswersSchema, shown: [], failure: "Не удалось отправить ответы" },
  async ({ data, user, supabase }) => {
    if ((await viewerOf(user)).preview) return fail(PREVIEW_READ_ONLY);
    const attemptId = await quizzes.submitQuiz(supabase, data.quizId, data.answers);
    // A new address per attempt, naming it: the page focuses this attempt's grade (ResultSummary). No
    // #fragment: a browser with one in the address skips the grade's autofocus before the script.
    const back = safeNextPath(data.back);
    redirect(`${back}${back.includes("?") ? "&" : "?"}attempt=${attemptId}`);
  },
);
