import { CheckCircle2, XCircle } from "lucide-react";
import { LessonBody } from "@/components/course/lesson-body";
import { pluralRu } from "@/lib/domain/plural";
import { attemptsLeft, OF_POINTS, scorePercent } from "@/lib/domain/quizzes";
import type { LessonQuiz } from "@/lib/queries/courses";
import { QuizForm } from "./quiz-form";
import { ResultSummary } from "./result-summary";

interface Props {
  quiz: LessonQuiz;
  /** The lesson's address, where a graded attempt comes back to. */
  back: string;
  /** An admin's preview: the student's results, without the form. */
  readOnly: boolean;
}

const ATTEMPTS = { one: "попытка", few: "попытки", many: "попыток" };

/** The latest attempt's grade: the score, which questions were right, and the explanations. */
function QuizResult({ quiz, latest }: { quiz: LessonQuiz; latest: NonNullable<LessonQuiz["latest"]> }) {
  const attempt = quiz.attempts.at(-1);
  if (!attempt) return null;
  const graded = new Map(latest.map((row) => [row.question_id, row]));
  return (
    <div className="flex flex-col gap-3" data-testid="quiz-result">
      <ResultSummary key={attempt.id} attemptId={attempt.id} className={attempt.passed ? "font-medium text-emerald-700" : "font-medium text-destructive"}>
        {attempt.passed ? "Тест пройден" : "Тест не пройден"}: {attempt.score} из {pluralRu(attempt.max_score, OF_POINTS)} (
        {scorePercent(attempt.score, attempt.max_score)} %), нужно {quiz.quiz.passing_percent} %
      </ResultSummary>
      <ol className="flex flex-col gap-3">
        {quiz.questions.map((question, index) => {
          const row = graded.get(question.id);
          return (
            <li key={question.id} className="flex flex-col gap-1 rounded-lg border p-3">
              <p className="flex items-center gap-2 text-sm font-medium">
                {row?.right ? <CheckCircle2 className="size-4 text-emerald-600" aria-hidden /> : <XCircle className="size-4 text-destructive" aria-hidden />}
                Вопрос {index + 1}: {row ? (row.right ? "верно" : "неверно") : "не было в этой попытке"}
              </p>
              {row?.explanation_md && <LessonBody markdown={row.explanation_md} />}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** «Тест» on a lesson page: the questions and «Отправить ответы», then the grade, the attempts left and «Пройти ещё раз». */
export function QuizSection({ quiz, back, readOnly }: Props) {
  const used = quiz.attempts.length;
  const left = attemptsLeft(quiz.quiz.max_attempts, used);
  const passed = quiz.attempts.some((attempt) => attempt.passed);
  const form = (
    <QuizForm
      quizId={quiz.quiz.id}
      back={back}
      attempts={used}
      questions={quiz.questions.map((question) => ({ ...question, prompt: <LessonBody markdown={question.prompt_md} /> }))}
    />
  );
  return (
    <section id="quiz" aria-labelledby="quiz-title" className="flex scroll-mt-4 flex-col gap-4 rounded-xl border p-4 sm:p-6">
      <h2 id="quiz-title" className="text-lg font-semibold">
        Тест
      </h2>
      <p className="text-sm text-muted-foreground">
        Чтобы пройти, наберите {quiz.quiz.passing_percent} % баллов.{" "}
        {left === null ? "Попыток — сколько угодно." : `Осталось: ${pluralRu(left, ATTEMPTS)} из ${quiz.quiz.max_attempts}.`}
      </p>
      {quiz.quiz.is_stop_lesson && !passed && <p className="text-sm text-muted-foreground">Стоп-урок: следующие уроки откроются, когда вы пройдёте тест.</p>}
      {quiz.latest && <QuizResult quiz={quiz} latest={quiz.latest} />}
      {readOnly ? (
        used === 0 && <p className="text-sm text-muted-foreground">Студент ещё не проходил тест</p>
      ) : left === 0 ? (
        <p className="text-sm text-muted-foreground">Попытки закончились.</p>
      ) : used === 0 ? (
        form
      ) : (
        <details className="rounded-lg border p-3">
          <summary className="cursor-pointer font-medium">Пройти ещё раз</summary>
          <div className="mt-4">{form}</div>
        </details>
      )}
    </section>
  );
}
