import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ClosedLessonNotice, LessonList } from "@/components/course/lesson-list";
import { ProgressBar } from "@/components/course/progress-bar";
import { PageHeader, PageShell } from "@/components/page-header";
import { closedReasonOf, groupLessons } from "@/lib/domain/lessons";
import { courseModulePath, isUuid } from "@/lib/domain/paths";
import { progressOf } from "@/lib/domain/progress";
import { requireViewer } from "@/lib/preview";
import { getCourseModulePage } from "@/lib/queries/courses";

interface Props {
  params: Promise<{ moduleId: string }>;
  searchParams: Promise<{ closed?: string | string[] }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { moduleId } = await params;
  const page = isUuid(moduleId) ? await getCourseModulePage(await requireViewer(), moduleId) : null;
  return { title: page?.module?.title ?? "Модуль курса" };
}

export default async function CourseModulePage({ params, searchParams }: Props) {
  const viewer = await requireViewer();
  const { moduleId } = await params;
  if (!isUuid(moduleId)) redirect("/product-founder");
  const page = await getCourseModulePage(viewer, moduleId);
  // Missing, a draft, locked or hidden: the track page says what is open.
  if (!page.module || !page.access?.is_open) redirect("/product-founder");
  const { groups, sequence } = groupLessons([], page.lessons, page.verdicts);
  const closedReason = closedReasonOf((await searchParams).closed);
  const progress = progressOf(
    sequence.map((lesson) => lesson.id),
    page.completed,
  );

  return (
    <PageShell>
      <PageHeader backHref="/product-founder" backLabel="К модулям курса" title={page.module.title} />
      <p className="-mt-4 text-sm font-medium text-primary">Модуль {page.module.number}</p>
      {closedReason && <ClosedLessonNotice reason={closedReason} sequence={sequence} />}
      {page.module.description && <p className="text-muted-foreground">{page.module.description}</p>}
      <ProgressBar progress={progress} className="max-w-sm" />
      <LessonList groups={groups} basePath={courseModulePath(page.module.id)} completed={page.completed} emptyText="Уроки для этого модуля скоро появятся" />
    </PageShell>
  );
}
