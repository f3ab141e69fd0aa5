"use client";

import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { initialFormState } from "@/lib/actions/form-state";
import type { StudioQuiz } from "@/lib/queries/studio";
import { saveQuizSettings } from "../actions";

/** «Настройки теста»: the pass mark, the attempts, the stop-lesson and the shuffle; creates the quiz as a draft when it has none. */
export function QuizSettingsForm({ lessonId, quiz }: { lessonId: string; quiz: StudioQuiz["quiz"] | null }) {
  const [state, formAction] = useSafeActionState(saveQuizSettings, initialFormState());
  useActionToast(state);
  const errors = state.result?.ok === false ? (state.result.fieldErrors ?? {}) : {};
  const { fields } = state;
  return (
    <form action={formAction} onReset={keepTyped} noValidate aria-label="Настройки теста" className="grid gap-4 rounded-xl border p-4 sm:grid-cols-2">
      <input type="hidden" name="lesson_id" value={lessonId} />
      <FormField id="passing_percent" label="Проходной балл, %" error={errors.passing_percent}>
        <Input name="passing_percent" inputMode="numeric" defaultValue={fields.passing_percent ?? String(quiz?.passing_percent ?? 70)} />
      </FormField>
      <FormField id="max_attempts" label="Попыток (пусто — без ограничения)" error={errors.max_attempts}>
        <Input name="max_attempts" inputMode="numeric" defaultValue={fields.max_attempts ?? (quiz?.max_attempts == null ? "" : String(quiz.max_attempts))} />
      </FormField>
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="is_stop_lesson" className="mt-0.5 size-4 accent-primary" defaultChecked={quiz?.is_stop_lesson ?? false} />
        <span>
          Стоп-урок: следующие уроки откроются, когда студент пройдёт тест
        </span>
      </label>
      <label className="flex items-start gap-2 text-sm sm:col-span-2">
        <input type="checkbox" name="shuffle" className="mt-0.5 size-4 accent-primary" defaultChecked={quiz?.shuffle ?? false} />
        <span>Перемешивать вопросы и варианты (у каждого студента свой порядок)</span>
      </label>
      <SubmitButton className="self-start">{quiz ? "Сохранить настройки" : "Создать тест"}</SubmitButton>
    </form>
  );
}
