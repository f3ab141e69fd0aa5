import type { ReactNode } from "react";
import { Input } from "@/components/ui/input";
import { pluralRu } from "@/lib/domain/plural";
import { answerField, choiceField, POINTS, type QuizKind, type QuizOption } from "@/lib/domain/quizzes";

/** One question of a quiz as a student answers it; the studio's preview shows the same. */

export interface QuizFormQuestion {
  id: string;
  kind: QuizKind;
  /** The question's text, rendered on the server. */
  prompt: ReactNode;
  points: number;
  options: QuizOption[];
}

const fieldsetClass = "flex flex-col gap-3 rounded-lg border p-4";

export function QuestionField({ question, number }: { question: QuizFormQuestion; number: number }) {
  const legend = (
    <legend className="px-1 text-sm font-medium">
      Вопрос {number} · {pluralRu(question.points, POINTS)}
    </legend>
  );
  const prompt = <div id={`prompt-${question.id}`}>{question.prompt}</div>;
  if (question.kind === "single" || question.kind === "multiple") {
    return (
      <fieldset className={fieldsetClass} aria-describedby={`prompt-${question.id}`}>
        {legend}
        {prompt}
        {question.kind === "multiple" && <p className="text-xs text-muted-foreground">Отметьте все верные варианты</p>}
        {question.options.map((option) => (
          <label key={option.id} className="flex items-start gap-2 text-sm">
            {question.kind === "single" ? (
              <input type="radio" className="mt-0.5 size-4 accent-primary" name={answerField(question.id)} value={option.id} />
            ) : (
              <input type="checkbox" className="mt-0.5 size-4 accent-primary" name={choiceField(question.id, option.id)} />
            )}
            <span>{option.text}</span>
          </label>
        ))}
      </fieldset>
    );
  }
  return (
    <fieldset className={fieldsetClass}>
      {legend}
      {prompt}
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-muted-foreground">{question.kind === "number" ? "Ваш ответ (число)" : "Ваш ответ"}</span>
        <Input
          name={answerField(question.id)}
          inputMode={question.kind === "number" ? "decimal" : undefined}
          autoComplete="off"
          maxLength={1000}
          aria-describedby={`prompt-${question.id}`}
        />
      </label>
    </fieldset>
  );
}

