import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LessonList } from "@/components/course/lesson-list";
import { PageHeader, PageShell } from "@/components/page-header";
import { canOpenSection } from "@/lib/domain/access";
import { groupLessons } from "@/lib/domain/lessons";
import { courseModulePath, isUuid } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getCourseModulePage } from "@/lib/queries/courses";

interface Props {
  params: Promise<{ moduleId: string }>;
}

export const metadata: Metadata = { title: "Модуль курса" };

export default async function CourseModulePage({ params }: Props) {
  const viewer = await requireViewer();
  const { moduleId } = await params;
  if (!isUuid(moduleId)) redirect("/product-founder");
  const page = await getCourseModulePage(viewer, moduleId);
  // Missing, a draft, locked or hidden: the track page says what is open.
  if (!page.module || !canOpenSection(page.access)) redirect("/product-founder");
  const { groups } = groupLessons([], page.lessons, page.lesson_access);

  return (
    <PageShell>
      <PageHeader backHref="/product-founder" backLabel="К модулям курса" title={page.module.title} />
      <p className="-mt-4 text-sm font-medium text-primary">Модуль {page.module.number}</p>
      {page.module.description && <p className="text-muted-foreground">{page.module.description}</p>}
      <LessonList groups={groups} basePath={courseModulePath(page.module.id)} emptyText="Уроки для этого модуля скоро появятся" />
    </PageShell>
  );
}
