import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { SafeForm } from "@/components/forms/safe-form";
import { LessonBody } from "@/components/course/lesson-body";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { requireAdmin } from "@/lib/auth";
import { isUuid } from "@/lib/domain/paths";
import { pluralRu } from "@/lib/domain/plural";
import { keyFields, KIND_LABELS } from "@/lib/domain/quizzes";
import { getStudioQuiz } from "@/lib/queries/studio";
import { QuestionField } from "@/app/(student)/_components/quiz/question-field";
import { DraftBadge } from "../../../_components/draft-badge";
import { StudioSection, StudioShell } from "../../../_components/studio-shell";
import { moveQuizQuestion, setQuizState } from "./actions";
import { QuestionForm } from "./_components/question-form";
import { QuizSettingsForm } from "./_components/quiz-settings-form";

export const metadata: Metadata = { title: "Тест урока", robots: { index: false } };

const SAVED: Record<string, string> = {
  settings: "Настройки сохранены",
  question: "Вопрос сохранён",
  moved: "Порядок вопросов изменён",
  deleted: "Вопрос удалён",
  published: "Тест опубликован: студенты его видят",
  draft: "Тест снят с публикации",
};

const ATTEMPTS = { one: "попытку", few: "попытки", many: "попыток" };

function QuestionControls({ lessonId, id, index, count }: { lessonId: string; id: string; index: number; count: number }) {
  const button = (direction: "up" | "down" | "delete", label: string, icon: React.ReactNode, disabled = false) => (
    <SafeForm action={moveQuizQuestion.bind(null, { id, lessonId, direction })}>
      <Button type="submit" variant="ghost" size="icon" aria-label={`${label}: вопрос ${index + 1}`} disabled={disabled}>
        {icon}
      </Button>
    </SafeForm>
  );
  return (
    <div className="flex gap-1">
      {button("up", "Выше", <ArrowUp aria-hidden />, index === 0)}
      {button("down", "Ниже", <ArrowDown aria-hidden />, index === count - 1)}
      {button("delete", "Удалить", <Trash2 aria-hidden />)}
    </div>
  );
}

export default async function StudioQuizPage({ params, searchParams }: { params: Promise<{ lessonId: string }>; searchParams: Promise<{ saved?: string }> }) {
  const [{ lessonId }, { saved }] = await Promise.all([params, searchParams]);
  if (!isUuid(lessonId)) notFound();
  const [, { lesson, quiz }] = await Promise.all([requireAdmin(), getStudioQuiz(lessonId)]);
  if (!lesson) notFound();
  const notice = saved && Object.hasOwn(SAVED, saved) ? SAVED[saved] : null;
  const stateButton = (state: "published" | "draft" | "deleted", label: string, variant: "default" | "outline" | "destructive") => (
    <SafeForm action={setQuizState.bind(null, { lessonId, state })}>
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </SafeForm>
  );

  return (
    <StudioShell
      title={`Тест: ${lesson.title}`}
      backHref={`/admin/content/lessons/${lessonId}`}
      backLabel="К уроку"
      actions={quiz && (quiz.quiz.is_published ? <Badge variant="secondary">Опубликован</Badge> : <DraftBadge />)}
    >
      {notice && (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      )}
      <StudioSection title="Настройки теста">
        {!quiz && <p className="text-sm text-muted-foreground">У урока пока нет теста. Тест создаётся черновиком: студенты увидят его, когда вы его опубликуете.</p>}
        <QuizSettingsForm lessonId={lessonId} quiz={quiz?.quiz ?? null} />
      </StudioSection>
      {quiz && (
        <>
          <StudioSection title="Вопросы">
            {quiz.questions.length === 0 && <p className="text-sm text-muted-foreground">Вопросов пока нет — добавьте первый ниже.</p>}
            <ol className="flex flex-col gap-4">
              {quiz.questions.map((question, index) => (
                <li key={question.id} className="flex flex-col gap-3 rounded-xl border p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-medium">
                      Вопрос {index + 1} · {KIND_LABELS[question.kind]}
                    </h3>
                    <QuestionControls lessonId={lessonId} id={question.id} index={index} count={quiz.questions.length} />
                  </div>
                  <p className="text-sm text-muted-foreground">Верный ответ: {keyFields(question).summary}</p>
                  <details>
                    <summary className="cursor-pointer text-sm font-medium">Изменить вопрос {index + 1}</summary>
                    <div className="mt-3">
                      <QuestionForm lessonId={lessonId} quizId={quiz.quiz.id} question={question} />
                    </div>
                  </details>
                </li>
              ))}
            </ol>
          </StudioSection>
          <StudioSection title="Новый вопрос">
            <div className="rounded-xl border p-4">
              <QuestionForm lessonId={lessonId} quizId={quiz.quiz.id} question={null} />
            </div>
          </StudioSection>
          {quiz.questions.length > 0 && (
            <StudioSection title="Предпросмотр">
              <p className="text-sm text-muted-foreground">Так тест увидит студент (без перемешивания).</p>
              <fieldset disabled aria-label="Предпросмотр теста" className="flex flex-col gap-4">
                {quiz.questions.map((question, index) => (
                  <QuestionField
                    key={question.id}
                    number={index + 1}
                    question={{ ...question, id: `preview-${question.id}`, prompt: <LessonBody markdown={question.prompt_md} /> }}
                  />
                ))}
              </fieldset>
            </StudioSection>
          )}
          <StudioSection title="Публикация">
            <p className="text-sm text-muted-foreground">
              {quiz.quiz.is_published
                ? `Тест опубликован${lesson.is_published ? "" : " (урок пока черновик)"}. Студенты сделали ${pluralRu(quiz.attempts, ATTEMPTS)}.`
                : "Черновик: студенты не видят тест, он не держит следующие уроки, а урок можно отметить пройденным."}
            </p>
            <div className="flex flex-wrap gap-2">
              {quiz.quiz.is_published ? stateButton("draft", "Снять с публикации", "outline") : quiz.questions.length > 0 && stateButton("published", "Опубликовать тест", "default")}
            </div>
            <details className="rounded-lg border p-3">
              <summary className="cursor-pointer text-sm font-medium">Удалить тест…</summary>
              <div className="mt-3 flex flex-col gap-3">
                <p className="text-sm">
                  Вместе с тестом удалятся его вопросы и {pluralRu(quiz.attempts, ATTEMPTS)} студентов. Это нельзя отменить.
                </p>
                {stateButton("deleted", "Удалить тест насовсем", "destructive")}
              </div>
            </details>
          </StudioSection>
        </>
      )}
    </StudioShell>
  );
}
