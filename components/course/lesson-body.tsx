import { renderLessonMarkdown } from "@/lib/domain/markdown";
import { LessonBodyHtml } from "./lesson-body-html";

/** The lesson's written body under the video; nothing for an empty body. */
export function LessonBody({ markdown }: { markdown: string }) {
  const html = renderLessonMarkdown(markdown);
  if (!html) return null;
  return <LessonBodyHtml html={html} />;
}
