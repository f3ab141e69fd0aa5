import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LessonNotFound } from "@/components/course/lesson-view";
import { lockedLessonRedirect, openLesson } from "@/lib/domain/lessons";
import { closedLessonRedirect, decodeSegment, isUuid, lessonPath, toolPath } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getLessonPage } from "@/lib/queries/courses";
import { StudentLesson } from "../../../_components/student-lesson";

interface Props {
  params: Promise<{ toolName: string; lessonId: string }>;
}

async function load({ params }: Props) {
  const { toolName: rawToolName, lessonId } = await params;
  const toolName = decodeSegment(rawToolName);
  if (!toolName || !isUuid(lessonId)) return { toolName, lessonId, page: null };
  return { toolName, lessonId, page: await getLessonPage(await requireViewer(), toolName, lessonId) };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { lessonId, page } = await load(props);
  const title = page?.lessons.find((lesson) => lesson.id === lessonId)?.title;
  return { title: title && page?.tool ? `${title} — ${page.tool.name}` : "Урок" };
}

export default async function ToolLessonPage(props: Props) {
  const viewer = await requireViewer();
  const { toolName, lessonId, page } = await load(props);
  if (!page) return <LessonNotFound backHref={toolName ? toolPath(toolName) : "/tech-founder"} />;
  if (page.renamed_to) redirect(lessonPath(page.renamed_to, lessonId));
  if (page.hidden) redirect("/tech-founder");
  if (!page.tool) return <LessonNotFound backHref="/tech-founder" />;
  if (!page.access?.is_open) redirect("/tech-founder");
  const listPath = toolPath(page.tool.name);
  const opening = openLesson(page.modules, page.lessons, page.verdicts, lessonId);
  // A lesson hidden from the student is not in its list at all, yet still takes the list's redirect.
  if (page.lesson_hidden) redirect(closedLessonRedirect(listPath));
  // The list names the lesson and says every cause that keeps it closed.
  if (opening.status === "closed") redirect(lockedLessonRedirect(listPath, lessonId));
  if (opening.status === "missing") return <LessonNotFound backHref={listPath} />;
  return (
    <StudentLesson
      viewer={viewer}
      opening={opening}
      content={page.content}
      quiz={page.quiz}
      completed={page.completed}
      listPath={listPath}
      backLabel={`К урокам ${page.tool.name}`}
    />
  );
}
