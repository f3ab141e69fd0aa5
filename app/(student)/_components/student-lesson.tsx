import { LessonView } from "@/components/course/lesson-view";
import type { LessonOpening } from "@/lib/domain/lessons";
import type { Viewer } from "@/lib/preview";
import type { LessonContent } from "@/lib/queries/courses";
import { CompleteLessonButton } from "./complete-lesson-button";
import { RecordLessonOpened } from "./record-lesson-opened";

interface Props {
  viewer: Viewer;
  opening: Extract<LessonOpening, { status: "open" }>;
  content: LessonContent | null;
  completed: readonly string[];
  listPath: string;
  backLabel: string;
}

/**
 * An open lesson as its student reads it: recorded as opened once it is on screen, with
 * «Отметить пройденным». An admin's preview records nothing and shows what the student marked.
 */
export function StudentLesson({ viewer, opening, content, completed, listPath, backLabel }: Props) {
  const lessonId = opening.lesson.id;
  const done = completed.includes(lessonId);
  const completion = viewer.preview ? (
    <p className="text-sm text-muted-foreground">{done ? "Студент отметил урок пройденным" : "Студент ещё не отметил урок"}</p>
  ) : (
    <>
      <CompleteLessonButton lessonId={lessonId} completed={done} />
      <RecordLessonOpened lessonId={lessonId} />
    </>
  );
  return <LessonView {...opening} content={content} listPath={listPath} backLabel={backLabel} completed={completed} completion={completion} />;
}
