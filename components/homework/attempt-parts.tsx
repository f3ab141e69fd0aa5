import { Link2, MessageSquare } from "lucide-react";
import { FileLinks } from "@/components/course/file-links";
import { formatMoscowTime } from "@/lib/domain/dates";
import { commentAnchor } from "@/lib/domain/notifications";

interface Attempt {
  links: string[];
  /** Reached through /files/homework/{id}. */
  files: { id: string; file_name: string; mime_type: string; size_bytes: number }[];
  comments: { id: string; body_md: string; created_at: string; author: string }[];
}

interface Props {
  attempt: Attempt;
  /** A comment's Markdown as the page renders it: the student's thread and the review page style it differently. */
  renderComment: (markdown: string) => React.ReactNode;
  /** The comments list's name for a screen reader. */
  commentsLabel: string;
  /** Tell a screen reader that a link opens in a new tab. */
  announceNewTab?: boolean;
}

function AttemptLinks({ links, announceNewTab }: { links: string[]; announceNewTab?: boolean }) {
  if (!links.length) return null;
  return (
    <ul aria-label="Ссылки" className="flex flex-col gap-1 text-sm">
      {links.map((link, index) => (
        <li key={`${index}-${link}`} className="flex items-start gap-2">
          <Link2 className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <a href={link} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline-offset-4 [overflow-wrap:anywhere] hover:underline">
            {link}
            {announceNewTab && <span className="sr-only"> (откроется в новой вкладке)</span>}
          </a>
        </li>
      ))}
    </ul>
  );
}

function AttemptComments({ comments, label, renderComment }: { comments: Attempt["comments"]; label: string; renderComment: Props["renderComment"] }) {
  if (!comments.length) return null;
  return (
    <ul aria-label={label} className="flex flex-col gap-2">
      {comments.map((comment) => (
        <li
          key={comment.id}
          id={commentAnchor(comment.id)}
          className="flex scroll-mt-4 flex-col gap-1 rounded-lg border-l-4 border-primary/40 bg-muted/40 p-3 target:border-primary target:ring-2 target:ring-primary/40"
        >
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
            <MessageSquare className="size-3" aria-hidden />
            <span className="font-medium text-foreground">{comment.author}</span>
            <time dateTime={comment.created_at}>{formatMoscowTime(comment.created_at)}</time>
          </p>
          {renderComment(comment.body_md)}
        </li>
      ))}
    </ul>
  );
}

/** What an attempt holds besides its answer: the links, the files and the reviewers' comments, each list only when it has items. */
export function AttemptParts({ attempt, renderComment, commentsLabel, announceNewTab }: Props) {
  return (
    <>
      <AttemptLinks links={attempt.links} announceNewTab={announceNewTab} />
      <FileLinks
        label="Файлы"
        compact
        files={attempt.files.map((file) => ({ href: `/files/homework/${file.id}`, name: file.file_name, mime: file.mime_type, size: file.size_bytes }))}
      />
      <AttemptComments comments={attempt.comments} label={commentsLabel} renderComment={renderComment} />
    </>
  );
}
