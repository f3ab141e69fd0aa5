import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { LessonList } from "@/components/course/lesson-list";
import { PageHeader, PageShell } from "@/components/page-header";
import { canOpenSection } from "@/lib/domain/access";
import { groupLessons } from "@/lib/domain/lessons";
import { decodeSegment, toolPath } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getToolPage } from "@/lib/queries/courses";

interface Props {
  params: Promise<{ toolName: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const name = decodeSegment((await params).toolName);
  return { title: name ? `Уроки: ${name}` : "Уроки" };
}

export default async function ToolLessonsPage({ params }: Props) {
  const viewer = await requireViewer();
  const toolName = decodeSegment((await params).toolName);
  if (!toolName) notFound();
  const page = await getToolPage(viewer, toolName);
  if (page.renamed_to) redirect(toolPath(page.renamed_to));
  if (!page.tool) notFound();
  if (!canOpenSection(page.access)) redirect("/tech-founder");
  const { groups } = groupLessons(page.modules, page.lessons, page.lesson_access);

  return (
    <PageShell>
      <PageHeader backHref="/tech-founder" backLabel="К инструментам" title={page.tool.name} />
      {page.tool.description && <p className="text-muted-foreground">{page.tool.description}</p>}
      <LessonList groups={groups} basePath={toolPath(page.tool.name)} emptyText="Уроки для этого инструмента скоро появятся" />
    </PageShell>
  );
}
