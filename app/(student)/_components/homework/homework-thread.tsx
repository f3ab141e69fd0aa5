import { Download, FileText, Link2, MessageSquare } from "lucide-react";
import { formatMoscowTime } from "@/lib/domain/dates";
import { renderLessonMarkdown } from "@/lib/domain/markdown";
import { fileSizeLabel, materialLabel } from "@/lib/domain/materials";
import type { HomeworkAttempt } from "@/lib/queries/courses";
import { StatusBadge } from "./status-badge";

/** An answer or a comment, rendered as lesson bodies are (raw HTML escaped, links filtered), in a smaller type. */
function Markdown({ source }: { source: string }) {
  const html = renderLessonMarkdown(source);
  // Not LessonBodyHtml: its test id names the lesson's own text, and a page holds one of it.
  return html ? <div className="prose prose-sm prose-neutral max-w-none [overflow-wrap:anywhere] prose-a:text-primary" dangerouslySetInnerHTML={{ __html: html }} /> : null;
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
          </a>
        </li>
      ))}
    </ul>
  );
}

function AttemptFiles({ files }: { files: HomeworkAttempt["files"] }) {
  if (!files.length) return null;
  return (
    <ul aria-label="Файлы" className="flex flex-col divide-y rounded-lg border text-sm">
      {files.map((file) => (
        <li key={file.id}>
          <a href={`/files/homework/${file.id}`} className="flex items-center gap-3 p-2 hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none">
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

function Comments({ comments }: { comments: HomeworkAttempt["comments"] }) {
  if (!comments.length) return null;
  return (
    <ul aria-label="Комментарии куратора" className="flex flex-col gap-2">
      {comments.map((comment) => (
        <li key={comment.id} className="flex flex-col gap-1 rounded-lg border-l-4 border-primary/40 bg-muted/40 p-3">
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <MessageSquare className="size-3" aria-hidden />
            <span className="font-medium text-foreground">{comment.author}</span>
            <time dateTime={comment.created_at}>{formatMoscowTime(comment.created_at)}</time>
          </p>
          <Markdown source={comment.body_md} />
        </li>
      ))}
    </ul>
  );
}

/** Every attempt in the order it was handed in, each with the curator's answer under it: the thread reads as a conversation. */
export function HomeworkThread({ attempts }: { attempts: HomeworkAttempt[] }) {
  if (!attempts.length) return null;
  const ordered = [...attempts].sort((a, b) => a.attempt - b.attempt);
  return (
    <ol aria-label="Отправленные работы" className="flex flex-col gap-4">
      {ordered.map((attempt) => (
        <li key={attempt.id} aria-label={`Попытка ${attempt.attempt}`} className="flex flex-col gap-3 rounded-lg border p-4">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h3 className="font-semibold">Попытка {attempt.attempt}</h3>
            <StatusBadge status={attempt.status} />
            <span className="text-xs text-muted-foreground">
              отправлена <time dateTime={attempt.submitted_at}>{formatMoscowTime(attempt.submitted_at)}</time>
            </span>
          </div>
          <Markdown source={attempt.answer_md} />
          <AttemptLinks links={attempt.links} />
          <AttemptFiles files={attempt.files} />
          <Comments comments={attempt.comments} />
        </li>
      ))}
    </ol>
  );
}
