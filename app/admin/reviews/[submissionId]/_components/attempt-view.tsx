import { LessonBodyHtml } from "@/components/course/lesson-body-html";
import { AttemptParts } from "@/components/homework/attempt-parts";
import { formatMoscowTime } from "@/lib/domain/dates";
import { renderLessonMarkdown } from "@/lib/domain/markdown";
import { SUBMISSION_STATUS_LABELS } from "@/lib/domain/submissions";
import type { ReviewAttempt } from "@/lib/queries/reviews";
import { cn } from "@/lib/utils";

/** Markdown as lesson bodies are rendered: raw HTML escaped, links filtered and opening in a new tab. */
export function Markdown({ source, small }: { source: string; small?: boolean }) {
  const html = renderLessonMarkdown(source);
  return html ? <LessonBodyHtml html={html} className={cn(small && "prose-sm")} /> : null;
}

/** One attempt: the answer, its links and files, and what reviewers answered. */
export function AttemptBody({ attempt, small }: { attempt: ReviewAttempt; small?: boolean }) {
  const empty = !attempt.answer_md.trim() && !attempt.links.length && !attempt.files.length;
  return (
    <div className="flex flex-col gap-3">
      {empty ? <p className="text-muted-foreground">Ответ пустой</p> : <Markdown source={attempt.answer_md} small={small} />}
      <AttemptParts attempt={attempt} commentsLabel="Комментарии" announceNewTab renderComment={(source) => <Markdown source={source} small />} />
    </div>
  );
}

/** The student's earlier attempts, newest first, each folded under its status. */
export function EarlierAttempts({ attempts }: { attempts: ReviewAttempt[] }) {
  if (!attempts.length) return null;
  const newestFirst = [...attempts].sort((a, b) => b.attempt - a.attempt);
  return (
    <section aria-labelledby="earlier-title" className="flex flex-col gap-3">
      <h2 id="earlier-title" className="text-lg font-semibold">
        Прошлые попытки
      </h2>
      {newestFirst.map((attempt) => (
        <details key={attempt.id} className="group rounded-lg border p-3" open={newestFirst[0] === attempt}>
          <summary className="cursor-pointer font-medium">
            Попытка {attempt.attempt} · {SUBMISSION_STATUS_LABELS[attempt.status]} ·{" "}
            <time dateTime={attempt.submitted_at} className="font-normal text-muted-foreground">
              {formatMoscowTime(attempt.submitted_at)}
            </time>
          </summary>
          <div className="pt-3">
            <AttemptBody attempt={attempt} small />
          </div>
        </details>
      ))}
    </section>
  );
}
