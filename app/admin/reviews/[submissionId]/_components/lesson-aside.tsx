import { Badge } from "@/components/ui/badge";
import { LessonDescription } from "@/components/course/lesson-description";
import { LessonVideo } from "@/components/course/lesson-video";
import type { ReviewPage } from "@/lib/queries/reviews";
import { Markdown } from "./attempt-view";

/** What the work answers: the assignment's instructions, and the lesson as its students see it. */
export function LessonAside({ assignment, lesson }: Pick<ReviewPage, "assignment" | "lesson">) {
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="assignment-title" className="flex flex-col gap-3 rounded-xl border bg-muted/30 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="assignment-title" className="text-lg font-semibold">
            Задание
          </h2>
          {assignment.is_stop_lesson && (
            <Badge variant="draft" title="Следующие уроки откроются студенту, когда работа будет принята">
              Стоп-урок
            </Badge>
          )}
        </div>
        {assignment.instructions_md.trim() ? (
          <Markdown source={assignment.instructions_md} small />
        ) : (
          <p className="text-sm text-muted-foreground">Текста задания нет</p>
        )}
      </section>
      <section aria-labelledby="lesson-title" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          {lesson.item_title && <p className="text-sm text-muted-foreground">{lesson.item_title}</p>}
          <h2 id="lesson-title" className="text-lg font-semibold">
            Урок: {lesson.title}
          </h2>
        </div>
        <LessonVideo url={lesson.video_url} title={lesson.title} />
        <LessonDescription text={lesson.description} />
        <Markdown source={lesson.body_md} small />
      </section>
    </div>
  );
}
