import { Download, FileText, Link2, MessageSquare } from "lucide-react";
import { LessonBodyHtml } from "@/components/course/lesson-body-html";
import { formatMoscowTime } from "@/lib/domain/dates";
import { renderLessonMarkdown } from "@/lib/domain/markdown";
import { fileSizeLabel, materialLabel } from "@/lib/domain/materials";
import { SUBMISSION_STATUS_LABELS } from "@/lib/domain/submissions";
import type { ReviewAttempt } from "@/lib/queries/reviews";
import { cn } from "@/lib/utils";

/** Markdown as lesson bodies are rendered: raw HTML escaped, links filtered and opening in a new tab. */
export function Markdown({ source, small }: { source: string; small?: boolean }) {
  const html = renderLessonMarkdown(source);
  return html ? <LessonBodyHtml html={html} className={cn(small && "prose-sm")} /> : null;
}

function AttemptLinks({ links }: { links: string[] }) {
  if (!links.length) return null;
  return (
    <ul aria-label="Ссылки" className="flex flex-col gap-1 text-sm">
      {links.map((link, index) => (
        <li key={`${index}-${link}`} className="flex items-start gap-2">
          <Link2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <a href={link} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline">
            {link}
            <span className="sr-only"> (откроется в новой вкладке)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function AttemptFiles({ files }: { files: ReviewAttempt["files"] }) {
  if (!files.length) return null;
  return (
    <ul aria-label="Файлы" className="flex flex-col divide-y rounded-lg border text-sm">
      {files.map((file) => (
        <li key={file.id}>
          <a href={`/files/homework/${file.id}`} className="flex items-center gap-3 p-2 outline-none hover:bg-muted/50 focus-visible:bg-muted/50">
            <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium [overflow-wrap:anywhere]">{file.file_name}</span>
              <span className="text-xs text-muted-foreground">
                {materialLabel(file.mime_type)} · {fileSizeLabel(file.size_bytes)}
              </span>
            </span>
            <Download className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="sr-only">Скачать</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Comments({ comments }: { comments: ReviewAttempt["comments"] }) {
  if (!comments.length) return null;
  return (
    <ul aria-label="Комментарии" className="flex flex-col gap-2">
      {comments.map((comment) => (
        <li key={comment.id} className="flex flex-col gap-1 rounded-lg border-l-4 border-primary/40 bg-muted/40 p-3">
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <MessageSquare className="size-3" aria-hidden />
            <span className="font-medium text-foreground">{comment.author}</span>
            <time dateTime={comment.created_at}>{formatMoscowTime(comment.created_at)}</time>
          </p>
          <Markdown source={comment.body_md} small />
        </li>
      ))}
    </ul>
  );
}

/** One attempt: the answer, its links and files, and what reviewers answered. */
export function AttemptBody({ attempt, small }: { attempt: ReviewAttempt; small?: boolean }) {
  const empty = !attempt.answer_md.trim() && !attempt.links.length && !attempt.files.length;
  return (
    <div className="flex flex-col gap-3">
      {empty ? <p className="text-muted-foreground">Ответ пустой</p> : <Markdown source={attempt.answer_md} small={small} />}
      <AttemptLinks links={attempt.links} />
      <AttemptFiles files={attempt.files} />
      <Comments comments={attempt.comments} />
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
