import { descriptionLines } from "@/lib/domain/text";

/** Plain text with its line breaks; only http(s) links become anchors. Never raw HTML. */
export function LessonDescription({ text }: { text: string | null }) {
  const lines = descriptionLines(text);
  if (!lines.length) return null;
  return (
    <div className="flex flex-col gap-1 leading-relaxed [overflow-wrap:anywhere]" data-testid="lesson-description">
      {lines.map((parts, lineIndex) => (
        <p key={lineIndex} className="min-h-[1lh]">
          {parts.map((part, partIndex) =>
            part.kind === "link" ? (
              <a
                key={partIndex}
                href={part.href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary underline underline-offset-4"
              >
                {part.text}
              </a>
            ) : (
              <span key={partIndex}>{part.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
