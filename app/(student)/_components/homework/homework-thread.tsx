import { AttemptParts } from "@/components/homework/attempt-parts";
import { formatMoscowTime } from "@/lib/domain/dates";
import { renderLessonMarkdown } from "@/lib/domain/markdown";
import { attemptAnchor } from "@/lib/domain/notifications";
import type { HomeworkAttempt } from "@/lib/queries/courses";
import { StatusBadge } from "./status-badge";

/** An answer or a comment, rendered as lesson bodies are (raw HTML escaped, links filtered), in a smaller type. */
function Markdown({ source }: { source: string }) {
  const html = renderLessonMarkdown(source);
  // Not LessonBodyHtml: its test id names the lesson's own text, and a page holds one of it.
  return html ? <div className="prose prose-sm prose-neutral max-w-none [overflow-wrap:anywhere] prose-a:text-primary" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}

/** Every attempt in the order it was handed in, each with the curator's answer under it: the thread reads as a conversation. */
export function HomeworkThread({ attempts }: { attempts: HomeworkAttempt[] }) {
  if (!attempts.length) return null;
  const ordered = [...attempts].sort((a, b) => a.attempt - b.attempt);
  return (
    <ol aria-label="Отправленные работы" className="flex flex-col gap-4">
      {ordered.map((attempt) => (
        <li key={attempt.id} id={attemptAnchor(attempt.id)} aria-label={`Попытка ${attempt.attempt}`} className="flex scroll-mt-4 flex-col gap-3 rounded-lg border p-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="font-semibold">Попытка {attempt.attempt}</h3>
            <StatusBadge status={attempt.status} />
            <span className="text-xs text-muted-foreground">
              отправлена <time dateTime={attempt.submitted_at}>{formatMoscowTime(attempt.submitted_at)}</time>
            </span>
          </div>
          <Markdown source={attempt.answer_md} />
          <AttemptParts attempt={attempt} commentsLabel="Комментарии куратора" renderComment={(source) => <Markdown source={source} />} />
        </li>
      ))}
    </ol>
  );
}
