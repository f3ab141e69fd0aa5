"use client";

import { useEffect, useRef } from "react";
import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { initialFormState } from "@/lib/actions/form-state";
import { submitQuiz } from "../../actions";
import { QuestionField, type QuizFormQuestion } from "./question-field";

interface Props {
  quizId: string;
  /** The lesson's address: where the graded attempt is shown. */
  back: string;
  questions: QuizFormQuestion[];
  /** Attempts made so far: a draft written before the latest of them is spent. */
  attempts: number;
}

/**
 * Answers in progress are kept in this browser (localStorage), for this quiz and the attempt they
 * are for, and put back after a reload: a draft is the student's alone, graded by nobody, so the
 * server keeps none. Cleared once the attempt it was for is made.
 */
const draftKey = (quizId: string) => `quiz-draft:${quizId}`;
interface Draft {
  attempt: number;
  fields: [string, string][];
}

function readDraft(quizId: string, attempt: number): Draft | null {
  try {
    const draft = JSON.parse(localStorage.getItem(draftKey(quizId)) ?? "null") as Draft | null;
    return draft && draft.attempt === attempt && Array.isArray(draft.fields) ? draft : null;
  } catch {
    return null;
  }
}

function saveDraft(form: HTMLFormElement, quizId: string, attempt: number) {
  const fields = [...new FormData(form)].filter((entry): entry is [string, string] => typeof entry[1] === "string" && /^[am]:/.test(entry[0]));
  try {
    if (fields.some(([, value]) => value.trim() !== "")) localStorage.setItem(draftKey(quizId), JSON.stringify({ attempt, fields }));
    else localStorage.removeItem(draftKey(quizId));
  } catch {
    // A browser that keeps nothing (private mode, storage full) still sends the answers.
  }
}

/** Puts a draft back into an untouched form: what the student did before the script arrived wins. */
function restoreDraft(form: HTMLFormElement, draft: Draft) {
  const touched = [...new FormData(form)].some(([name, value]) => /^[am]:/.test(name) && typeof value === "string" && value.trim() !== "");
  if (touched) return;
  for (const [name, value] of draft.fields) {
    for (const element of form.querySelectorAll<HTMLInputElement>("input")) {
      if (element.name !== name) continue;
      if (element.type === "radio") element.checked = element.value === value;
      else if (element.type === "checkbox") element.checked = true;
      else element.value = value;
    }
  }
}

/** The quiz's questions and «Отправить ответы»: a plain form, posted by the browser before the script arrives. */
export function QuizForm({ quizId, back, questions, attempts }: Props) {
  const [state, formAction] = useSafeActionState(submitQuiz, initialFormState());
  useActionToast(state);
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const draft = form.current && readDraft(quizId, attempts);
    if (!draft || !form.current) return;
    restoreDraft(form.current, draft);
    // «Пройти ещё раз» folded: the answers put back are shown.
    form.current.closest("details")?.setAttribute("open", "");
  }, [quizId, attempts]);
  const refusal = state.result?.ok === false ? state.result.error : null;
  return (
    <form
      ref={form}
      action={formAction}
      onReset={keepTyped}
      onChange={(event) => saveDraft(event.currentTarget, quizId, attempts)}
      className="flex flex-col gap-4"
      aria-label="Ответы на тест"
    >
      <input type="hidden" name="quiz_id" value={quizId} />
      <input type="hidden" name="back" value={back} />
      {questions.map((question, index) => (
        <QuestionField key={question.id} question={question} number={index + 1} />
      ))}
      {refusal && (
        <p role="alert" className="text-sm text-destructive">
          {refusal}
        </p>
      )}
      <SubmitButton className="self-start">Отправить ответы</SubmitButton>
    </form>
  );
}
