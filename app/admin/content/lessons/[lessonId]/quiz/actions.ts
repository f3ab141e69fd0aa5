"use server";

import { redirect } from "next/navigation";
import { defineFormAction, defineStateAction } from "@/lib/actions";
import * as quizzes from "@/lib/mutations/quizzes";
import { quizQuestionMoveSchema, quizQuestionSchema, quizSettingsSchema, quizStateSchema } from "@/lib/validation/quizzes";

/** A lesson's quiz in the studio (issue 46): plain forms that work before the page's script; each leads back to the quiz's page. */

const quizPage = (lessonId: string, saved: string) => `/admin/content/lessons/${lessonId}/quiz?saved=${saved}`;

/** «Создать тест» (a draft) and «Сохранить настройки». */
export const saveQuizSettings = defineStateAction(
  { role: "admin", schema: quizSettingsSchema, shown: ["passing_percent", "max_attempts"] },
  async ({ data, supabase }) => {
    await quizzes.saveQuizSettings(supabase, data);
    redirect(quizPage(data.lesson_id, "settings"));
  },
);

/** «Добавить вопрос» and «Сохранить вопрос». */
export const saveQuizQuestion = defineStateAction(
  { role: "admin", schema: quizQuestionSchema, shown: ["kind", "prompt_md", "choices", "accepted", "value", "tolerance", "points", "explanation_md"] },
  async ({ data, supabase }) => {
    await quizzes.saveQuestion(supabase, data);
    redirect(quizPage(data.lessonId, "question"));
  },
);

/** A question's «Выше», «Ниже» and «Удалить». */
export const moveQuizQuestion = defineFormAction(
  { role: "admin", schema: quizQuestionMoveSchema, bound: true, refused: "/admin/content?result=failed" },
  async ({ data, supabase }) => {
    await quizzes.moveQuestion(supabase, data.id, data.direction);
    redirect(quizPage(data.lessonId, data.direction === "delete" ? "deleted" : "moved"));
  },
);

/** «Опубликовать тест», «Снять с публикации», «Удалить тест». */
export const setQuizState = defineFormAction(
  { role: "admin", schema: quizStateSchema, bound: true, refused: "/admin/content?result=failed" },
  async ({ data, supabase }) => {
    await quizzes.setQuizState(supabase, data.lessonId, data.state);
    redirect(data.state === "deleted" ? `/admin/content/lessons/${data.lessonId}?quiz=deleted` : quizPage(data.lessonId, data.state));
  },
);
