import { cn } from "@/lib/utils";

/**
 * A lesson body's HTML, which only renderLessonMarkdown (lib/domain/markdown.ts) may produce: raw
 * HTML in the source comes out escaped, links and images are filtered. Kept apart from LessonBody
 * so that the studio's preview (a client component) shares the look without the Markdown parser.
 */
export function LessonBodyHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      data-testid="lesson-body"
      className={cn(
        "prose prose-neutral max-w-none [overflow-wrap:anywhere] prose-a:text-primary prose-code:before:content-none prose-code:after:content-none",
        // A wide table scrolls on a phone instead of breaking its words letter by letter.
        "prose-table:block prose-table:overflow-x-auto prose-table:[overflow-wrap:normal]",
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
