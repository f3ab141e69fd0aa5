import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LessonNotFound, LessonView } from "@/components/course/lesson-view";
import { canOpenSection } from "@/lib/domain/access";
import { openLesson } from "@/lib/domain/lessons";
import { decodeSegment, isUuid, lessonPath, toolPath } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getLessonPage } from "@/lib/queries/courses";

interface Props {
  params: Promise<{ toolName: string; lessonId: string }>;
}

export const metadata: Metadata = { title: "Урок" };

export default async function ToolLessonPage({ params }: Props) {
  const viewer = await requireViewer();
  const { toolName: rawToolName, lessonId } = await params;
  const toolName = decodeSegment(rawToolName);
  if (!toolName || !isUuid(lessonId)) return <LessonNotFound backHref={toolName ? toolPath(toolName) : "/tech-founder"} />;

  const page = await getLessonPage(viewer, toolName, lessonId);
  if (page.renamed_to) redirect(lessonPath(page.renamed_to, lessonId));
  if (!page.tool) return <LessonNotFound backHref="/tech-founder" />;
  if (!canOpenSection(page.access)) redirect("/tech-founder");
  const listPath = toolPath(page.tool.name);
  const opening = openLesson(page.modules, page.lessons, page.lesson_access, lessonId);
  if (opening.status === "missing") return <LessonNotFound backHref={listPath} />;
  if (opening.status === "closed") redirect(listPath);

  return <LessonView {...opening} content={page.content} listPath={listPath} backLabel={`К урокам ${page.tool.name}`} />;
}
