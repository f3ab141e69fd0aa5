import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LessonNotFound, LessonView } from "@/components/course/lesson-view";
import { canOpenSection } from "@/lib/domain/access";
import { openLesson } from "@/lib/domain/lessons";
import { courseModulePath, isUuid } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getCourseLessonPage } from "@/lib/queries/courses";

interface Props {
  params: Promise<{ moduleId: string; lessonId: string }>;
}

export const metadata: Metadata = { title: "Урок" };

export default async function CourseLessonPage({ params }: Props) {
  const viewer = await requireViewer();
  const { moduleId, lessonId } = await params;
  if (!isUuid(moduleId)) redirect("/product-founder");
  const listPath = courseModulePath(moduleId);
  if (!isUuid(lessonId)) return <LessonNotFound backHref={listPath} />;

  const page = await getCourseLessonPage(viewer, moduleId, lessonId);
  if (!page.module || !canOpenSection(page.access)) redirect("/product-founder");
  const opening = openLesson([], page.lessons, page.lesson_access, lessonId);
  if (opening.status === "missing") return <LessonNotFound backHref={listPath} />;
  if (opening.status === "closed") redirect(listPath);

  return <LessonView {...opening} content={page.content} listPath={listPath} backLabel={`К урокам модуля «${page.module.title}»`} />;
}
