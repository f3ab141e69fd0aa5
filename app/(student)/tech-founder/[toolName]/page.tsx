import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { ClosedLessonNotice, LessonList } from "@/components/course/lesson-list";
import { ProgressBar } from "@/components/course/progress-bar";
import { PageHeader, PageShell } from "@/components/page-header";
import { closedReasonOf, groupLessons } from "@/lib/domain/lessons";
import { decodeSegment, toolPath } from "@/lib/domain/paths";
import { progressOf } from "@/lib/domain/progress";
import { requireViewer } from "@/lib/preview";
import { getToolPage } from "@/lib/queries/courses";

interface Props {
  params: Promise<{ toolName: string }>;
  searchParams: Promise<{ closed?: string | string[] }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const name = decodeSegment((await params).toolName);
  return { title: name ? `Уроки: ${name}` : "Уроки" };
}

export default async function ToolLessonsPage({ params, searchParams }: Props) {
  const viewer = await requireViewer();
  const toolName = decodeSegment((await params).toolName);
  if (!toolName) notFound();
  const page = await getToolPage(viewer, toolName);
  if (page.renamed_to) redirect(toolPath(page.renamed_to));
  if (page.hidden) redirect("/tech-founder");
  if (!page.tool) notFound();
  if (!page.access?.is_open) redirect("/tech-founder");
  const { groups, sequence } = groupLessons(page.modules, page.lessons, page.verdicts);
  const closedReason = closedReasonOf((await searchParams).closed);
  const progress = progressOf(
    sequence.map((lesson) => lesson.id),
    page.completed,
  );

  return (
    <PageShell>
      <PageHeader backHref="/tech-founder" backLabel="К инструментам" title={page.tool.name} />
      {closedReason && <ClosedLessonNotice reason={closedReason} sequence={sequence} />}
      {page.tool.description && <p className="text-muted-foreground">{page.tool.description}</p>}
      <ProgressBar progress={progress} className="max-w-sm" />
      <LessonList groups={groups} basePath={toolPath(page.tool.name)} completed={page.completed} emptyText="Уроки для этого инструмента скоро появятся" />
    </PageShell>
  );
}
