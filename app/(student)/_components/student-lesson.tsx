import { LessonView } from "@/components/course/lesson-view";
import type { LessonOpening } from "@/lib/domain/lessons";
import { homeworkProgressNote, latestStatus } from "@/lib/domain/submissions";
import type { Viewer } from "@/lib/preview";
import type { LessonContent, LessonQuiz } from "@/lib/queries/courses";
import { CompleteLessonButton } from "./complete-lesson-button";
import { HomeworkSection } from "./homework/homework-section";
import { QuizSection } from "./quiz/quiz-section";
import { RecordLessonOpened } from "./record-lesson-opened";

interface Props {
  viewer: Viewer;
  opening: Extract<LessonOpening, { status: "open" }>;
  content: LessonContent | null;
  /** The lesson's published quiz, when it has one and the viewer may open the lesson. */
  quiz: LessonQuiz | null;
  completed: readonly string[];
  listPath: string;
  backLabel: string;
}

/**
 * An open lesson as its student reads it: recorded as opened once it is on screen, with
 * «Отметить пройденным», or with its homework when it carries an assignment (the lesson is then
 * passed when the work is accepted) or its quiz when it has one (passed when an attempt passes). An admin's preview records nothing, shows what the student
 * marked and their homework thread without the form.
 */
export function StudentLesson({ viewer, opening, content, quiz, completed, listPath, backLabel }: Props) {
  const lessonId = opening.lesson.id;
  const done = completed.includes(lessonId);
  const homework = content?.homework ?? null;
  const recorded = viewer.preview ? null : <RecordLessonOpened lessonId={lessonId} />;
  const completion = homework ? (
    <>
      <p className="text-sm text-muted-foreground">{homeworkProgressNote(latestStatus(homework.attempts))}</p>
      {recorded}
    </>
  ) : quiz ? (
    <>
      <p className="text-sm text-muted-foreground">
        {viewer.preview
          ? done
            ? "Студент прошёл урок"
            : "Урок будет пройден, когда студент сдаст тест"
          : done
            ? "Урок пройден: тест сдан"
            : "Урок будет пройден, когда вы сдадите тест"}
      </p>
      {recorded}
    </>
  ) : viewer.preview ? (
    <p className="text-sm text-muted-foreground">{done ? "Студент отметил урок пройденным" : "Студент ещё не отметил урок"}</p>
  ) : (
    <>
      <CompleteLessonButton lessonId={lessonId} completed={done} />
      {recorded}
    </>
  );
  return (
    <LessonView
      {...opening}
      content={content}
      listPath={listPath}
      backLabel={backLabel}
      completed={completed}
      completion={completion}
      homework={
        <>
          {homework && <HomeworkSection homework={homework} readOnly={Boolean(viewer.preview)} />}
          {quiz && <QuizSection quiz={quiz} back={`${listPath}/${lessonId}`} readOnly={Boolean(viewer.preview)} />}
        </>
      }
    />
  );
}
