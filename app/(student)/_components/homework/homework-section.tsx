import { LessonBody } from "@/components/course/lesson-body";
import { HOMEWORK_ANCHOR } from "@/lib/domain/notifications";
import { latestStatus, mayHandIn } from "@/lib/domain/submissions";
import type { LessonHomework } from "@/lib/queries/courses";
import { HomeworkForm } from "./lazy-homework-form";
import { HomeworkThread } from "./homework-thread";
import { StatusBadge } from "./status-badge";

interface Props {
  homework: LessonHomework;
  /** An admin's preview: the thread as the student sees it, without the form. */
  readOnly: boolean;
}

/** «Домашнее задание» on a lesson page: the instructions, the attempts and the curator's answers, and the form while the student may hand in. */
export function HomeworkSection({ homework: { assignment, attempts }, readOnly }: Props) {
  const status = latestStatus(attempts);
  return (
    <section id={HOMEWORK_ANCHOR} aria-labelledby="homework-title" className="flex scroll-mt-4 flex-col gap-4 rounded-xl border p-4 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="homework-title" className="text-lg font-semibold">
          Домашнее задание
        </h2>
        {status && <StatusBadge status={status} />}
      </div>
      {assignment.is_stop_lesson && status !== "accepted" && (
        <p className="text-sm text-muted-foreground">Стоп-урок: следующие уроки откроются, когда куратор примет работу.</p>
      )}
      <LessonBody markdown={assignment.instructions_md} />
      <HomeworkThread attempts={attempts} />
      {readOnly ? (
        attempts.length === 0 && <p className="text-sm text-muted-foreground">Студент ещё не отправлял работу</p>
      ) : (
        mayHandIn(attempts) && (
          <HomeworkForm
            assignment={{ id: assignment.id, accepts_text: assignment.accepts_text, accepts_links: assignment.accepts_links, accepts_files: assignment.accepts_files }}
            again={status === "returned"}
          />
        )
      )}
    </section>
  );
}
