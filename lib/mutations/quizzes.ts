import type { SupabaseClient } from "@supabase/supabase-js";
import { DatabaseError, Refusal } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import type { QuizQuestionInput, QuizSettingsInput } from "@/lib/validation/quizzes";
import { changed, written } from "./rows";

/**
 * Quizzes (issue 46): a student's attempt goes through submit_quiz, which grades it; the studio
 * writes quizzes and questions as the admin (row level security lets only admins write).
 */

type Client = SupabaseClient<Database>;

const QUIZ_NOT_FOUND = "Тест не найден — возможно, его уже удалили";
const QUESTION_NOT_FOUND = "Вопрос не найден — возможно, его уже удалили";

/** Grades and records the student's attempt; answers its id. A quiz the student may not take reads as none. */
export async function submitQuiz(client: Client, quizId: string, answers: Record<string, string | string[]>): Promise<string> {
  const { data, error } = await client.rpc("submit_quiz", { _quiz_id: quizId, _answers: answers });
  if (error?.code === "P0002") throw new Refusal(QUIZ_NOT_FOUND);
  if (error) throw new DatabaseError(error);
  return data;
}

/** Creates the lesson's quiz (a draft) or saves its settings. */
export async function saveQuizSettings(client: Client, input: QuizSettingsInput): Promise<void> {
  await written(client.from("quizzes").upsert(input, { onConflict: "lesson_id" }).select("id").single());
}

/** Adds a question at the end of its quiz, or saves one. */
export async function saveQuestion(client: Client, { id, row }: QuizQuestionInput): Promise<void> {
  if (id) {
    await changed(client.from("quiz_questions").update(row).eq("id", id).eq("quiz_id", row.quiz_id).select("id"), QUESTION_NOT_FOUND);
    return;
  }
  const last: { order_index: number } | null = await written(
    client.from("quiz_questions").select("order_index").eq("quiz_id", row.quiz_id).order("order_index", { ascending: false }).limit(1).maybeSingle(),
  );
  await written(client.from("quiz_questions").insert({ ...row, order_index: (last?.order_index ?? 0) + 1 }).select("id").single());
}

/** «Выше», «Ниже» or «Удалить» of a question. */
export async function moveQuestion(client: Client, id: string, direction: "up" | "down" | "delete"): Promise<void> {
  if (direction === "delete") {
    await changed(client.from("quiz_questions").delete().eq("id", id).select("id"), QUESTION_NOT_FOUND);
    return;
  }
  await written(client.rpc("move_quiz_question", { _question_id: id, _direction: direction }));
}

/** Publishes the lesson's quiz, makes it a draft again, or deletes it with its questions and attempts. */
export async function setQuizState(client: Client, lessonId: string, state: "published" | "draft" | "deleted"): Promise<void> {
  const quiz = client.from("quizzes");
  const write = state === "deleted" ? quiz.delete() : quiz.update({ is_published: state === "published" });
  await changed(write.eq("lesson_id", lessonId).select("id"), QUIZ_NOT_FOUND);
}
