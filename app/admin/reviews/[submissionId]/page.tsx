import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/page-header";
import { requireReviewer } from "@/lib/auth";
import { formatMoscowTime } from "@/lib/domain/dates";
import { isUuid } from "@/lib/domain/paths";
import { claimEnds, claimHolder, waitingLabel } from "@/lib/domain/reviews";
import { SUBMISSION_STATUS_LABELS } from "@/lib/domain/submissions";
import { getReviewPage } from "@/lib/queries/reviews";
import { studentLabel } from "../_components/queue-list";
import { AttemptBody, EarlierAttempts } from "./_components/attempt-view";
import { LessonAside } from "./_components/lesson-aside";
import { ReviewActions } from "./_components/review-actions";

export const metadata: Metadata = { title: "Работа студента", robots: { index: false } };

/**
 * One work beside its assignment and lesson (two columns on a laptop, one on a phone). Opening it
 * takes nothing: a look, a prefetch or an admin reading old work must not hold it from the other
 * curators; «Взять в работу» does.
 */
export default async function ReviewPage({ params }: { params: Promise<{ submissionId: string }> }) {
  const { submissionId } = await params;
  if (!isUuid(submissionId)) notFound();
  const [user, page] = await Promise.all([requireReviewer(), getReviewPage(submissionId)]);
  if (!page) notFound();
  const { submission, student, lesson } = page;
  const current = page.attempts.find((attempt) => attempt.id === submission.id);
  const earlier = page.attempts.filter((attempt) => attempt.attempt < submission.attempt);
  const latest = page.attempts.reduce<{ id: string; attempt: number }>((last, attempt) => (attempt.attempt > last.attempt ? attempt : last), submission);
  const now = new Date();
  const claim = { by: submission.claimed_by, until: submission.claimed_until };
  const holder = claimHolder(claim, user.id, now);

  return (
    <main id="main" className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin/reviews" backLabel="К очереди" title={studentLabel(student)} />
      <p className="-mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        {student.email && student.email !== studentLabel(student) && <span>{student.email}</span>}
        <span>Попытка {submission.attempt}</span>
        <span>{SUBMISSION_STATUS_LABELS[submission.status]}</span>
        <span>
          отправлена <time dateTime={submission.submitted_at}>{formatMoscowTime(submission.submitted_at)}</time>
          {submission.status === "submitted" && `, ${waitingLabel(submission.submitted_at, now)}`}
        </span>
      </p>
      {latest.id !== submission.id && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Это не последняя попытка.{" "}
          <Link href={`/admin/reviews/${latest.id}`} className="font-medium underline">
            Открыть попытку {latest.attempt}
          </Link>
        </p>
      )}
      <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="answer-title" className="flex flex-col gap-3">
            <h2 id="answer-title" className="text-lg font-semibold">
              Ответ студента
            </h2>
            {current && <AttemptBody attempt={current} />}
          </section>
          <ReviewActions
            key={`${submission.id}-${submission.status}`}
            submissionId={submission.id}
            status={submission.status}
            holder={holder}
            holderName={submission.claimed_by?.full_name ?? null}
            claimEnds={submission.claimed_until && claimEnds(submission.claimed_until)}
            nextHref={page.next_id && `/admin/reviews/${page.next_id}`}
          />
          <EarlierAttempts attempts={earlier} />
        </div>
        <aside aria-label="Задание и урок" className="min-w-0">
          <LessonAside assignment={page.assignment} lesson={lesson} />
        </aside>
      </div>
    </main>
  );
}
