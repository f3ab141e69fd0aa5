import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireAdmin } from "@/lib/auth";
import { isUuid } from "@/lib/domain/paths";
import { Button } from "@/components/ui/button";
import { getStudioLesson, getStudioQuizState } from "@/lib/queries/studio";
import { lessonParentValue } from "@/lib/validation/content";
import { DeleteContentButton } from "../../_components/delete-content-button";
import { DraftBadge } from "../../_components/draft-badge";
import { LessonForm } from "../../_components/lesson-form";
import { StudioSection, StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Урок", robots: { index: false } };

export default async function StudioLessonPage({ params, searchParams }: { params: Promise<{ lessonId: string }>; searchParams: Promise<{ quiz?: string }> }) {
  const [{ lessonId }, { quiz: quizResult }] = await Promise.all([params, searchParams]);
  if (!isUuid(lessonId)) notFound();
  const [, { lesson, content, bodyMd, attachments, assignment, parents }, quiz] = await Promise.all([
    requireAdmin(),
    getStudioLesson(lessonId),
    getStudioQuizState(lessonId),
  ]);
  if (!lesson) notFound();
  const parentPath = lesson.course_module_id
    ? `/admin/content/modules/${lesson.course_module_id}`
    : lesson.module_id
      ? `/admin/content/blocks/${lesson.module_id}`
      : `/admin/content/tools/${lesson.tool_id}`;

  return (
    <StudioShell
      title={lesson.title}
      backHref={parentPath}
      backLabel="К списку уроков"
      actions={
        <>
          {!lesson.is_published && <DraftBadge />}
          <DeleteContentButton kind="lesson" id={lesson.id} title={lesson.title} afterDelete={parentPath} />
        </>
      }
    >
      <LessonForm
        lesson={lesson}
        content={content}
        bodyMd={bodyMd}
        parent={lessonParentValue(lesson)}
        parents={parents}
        attachments={attachments}
        assignment={assignment}
      />
      <StudioSection title="Тест">
        {quizResult === "deleted" && quiz === null && (
          <p role="status" className="text-sm">
            Тест удалён
          </p>
        )}
        <p className="text-sm text-muted-foreground">
          {quiz === null
            ? "Вопросы с автоматической проверкой после урока. Урок с тестом засчитывается, когда студент его пройдёт."
            : quiz.is_published
              ? "У урока есть опубликованный тест."
              : "У урока есть тест-черновик: студенты его пока не видят."}
        </p>
        <Button asChild variant="outline" className="self-start">
          <Link href={`/admin/content/lessons/${lesson.id}/quiz`}>{quiz === null ? "Добавить тест" : "Открыть тест"}</Link>
        </Button>
      </StudioSection>
    </StudioShell>
  );
}
