import { LessonView } from "@/components/course/lesson-view";
import type { LessonOpening } from "@/lib/domain/lessons";
import { recordLessonOpenedAfterResponse } from "@/lib/mutations/progress";
import type { Viewer } from "@/lib/preview";
import { CompleteLessonButton } from "./complete-lesson-button";

interface Props {
  viewer: Viewer;
  opening: Extract<LessonOpening, { status: "open" }>;
  content: { description: string | null; video_url: string | null } | null;
  completed: readonly string[];
  listPath: string;
  backLabel: string;
}

/**
 * An open lesson as its student reads it: recorded as opened once the page is sent, with
 * «Отметить пройденным». An admin's preview records nothing and shows what the student marked.
 */
export async function StudentLesson({ viewer, opening, content, completed, listPath, backLabel }: Props) {
  const lessonId = opening.lesson.id;
  const done = completed.includes(lessonId);
  if (!viewer.preview) await recordLessonOpenedAfterResponse(lessonId);
  const completion = viewer.preview ? (
    <p className="text-sm text-muted-foreground">{done ? "Студент отметил урок пройденным" : "Студент ещё не отметил урок"}</p>
  ) : (
    <CompleteLessonButton lessonId={lessonId} completed={done} />
  );
  return <LessonView {...opening} content={content} listPath={listPath} backLabel={backLabel} completed={completed} completion={completion} />;
}
