"use client";

import { keepTyped, useActionToast } from "@/components/forms/use-action-toast";
import { useSafeActionState } from "@/components/forms/use-safe-action-state";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { initialFormState } from "@/lib/actions/form-state";
import { keyFields, KIND_LABELS } from "@/lib/domain/quizzes";
import type { StudioQuiz } from "@/lib/queries/studio";
import { saveQuizQuestion } from "../actions";

type Question = StudioQuiz["questions"][number];

interface Props {
  lessonId: string;
  quizId: string;
  /** The question to edit; null for «Новый вопрос». */
  question: Question | null;
}

/**
 * Every kind's fields are in the page, and CSS shows those of the kind the select shows: a kind chosen
 * before the page's script shows its own fields too. The action reads the chosen kind's alone (questionKey).
 */
const SHOWN_FOR = {
  choices: "hidden group-has-[option[value=single]:checked]/question:block group-has-[option[value=multiple]:checked]/question:block",
  accepted: "hidden group-has-[option[value=text]:checked]/question:block",
  number: "hidden gap-4 sm:grid-cols-2 group-has-[option[value=number]:checked]/question:grid",
};

/** One question in the studio: its kind, text, options or accepted answers, points and explanation. */
export function QuestionForm({ lessonId, quizId, question }: Props) {
  const [state, formAction] = useSafeActionState(saveQuizQuestion, initialFormState());
  useActionToast(state);
  const errors = state.result?.ok === false ? (state.result.fieldErrors ?? {}) : {};
  const shown = state.fields;
  const saved = keyFields(question);
  const key = question?.id ?? "new";
  const id = (name: string) => `${name}-${key}`;
  const value = (name: keyof typeof saved) => shown[name] ?? saved[name];
  return (
    <form action={formAction} onReset={keepTyped} noValidate aria-label={question ? "Вопрос" : "Новый вопрос"} className="group/question flex flex-col gap-4">
      <input type="hidden" name="lesson_id" value={lessonId} />
      <input type="hidden" name="quiz_id" value={quizId} />
      <input type="hidden" name="id" value={question?.id ?? ""} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <FormField id={id("kind")} label="Вид вопроса" error={errors.kind}>
          <NativeSelect name="kind" defaultValue={shown.kind ?? question?.kind ?? "single"}>
            {Object.entries(KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField id={id("points")} label="Баллы" error={errors.points}>
          <Input name="points" inputMode="numeric" defaultValue={shown.points ?? String(question?.points ?? 1)} />
        </FormField>
      </div>
      <FormField id={id("prompt")} label="Вопрос (Markdown)" error={errors.prompt_md}>
        <Textarea name="prompt_md" rows={3} defaultValue={shown.prompt_md ?? question?.prompt_md ?? ""} />
      </FormField>
      <div className={SHOWN_FOR.choices}>
        <FormField id={id("choices")} label="Варианты ответа: по одному в строке, верные — со знаком «+» в начале" error={errors.choices}>
          <Textarea name="choices" rows={5} defaultValue={value("choices")} placeholder={"Выручка\n+ Конверсия в оплату\nЧисло лайков"} />
        </FormField>
      </div>
      <div className={SHOWN_FOR.accepted}>
        <FormField id={id("accepted")} label="Верные ответы: по одному в строке (регистр и пробелы по краям не важны)" error={errors.accepted}>
          <Textarea name="accepted" rows={3} defaultValue={value("accepted")} />
        </FormField>
      </div>
      <div className={SHOWN_FOR.number}>
        <FormField id={id("value")} label="Верное число" error={errors.value}>
          <Input name="value" inputMode="decimal" defaultValue={value("value")} />
        </FormField>
        <FormField id={id("tolerance")} label="Допуск ± (пусто — точно)" error={errors.tolerance}>
          <Input name="tolerance" inputMode="decimal" defaultValue={value("tolerance")} />
        </FormField>
      </div>
      <FormField id={id("explanation")} label="Пояснение после ответа (Markdown, необязательно)" error={errors.explanation_md}>
        <Textarea name="explanation_md" rows={2} defaultValue={shown.explanation_md ?? question?.explanation_md ?? ""} />
      </FormField>
      <SubmitButton className="self-start">{question ? "Сохранить вопрос" : "Добавить вопрос"}</SubmitButton>
    </form>
  );
}
