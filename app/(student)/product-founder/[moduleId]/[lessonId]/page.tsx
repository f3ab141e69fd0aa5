import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LessonNotFound } from "@/components/course/lesson-view";
import { lockedLessonRedirect, openLesson } from "@/lib/domain/lessons";
import { closedLessonRedirect, courseModulePath, isUuid } from "@/lib/domain/paths";
import { requireViewer } from "@/lib/preview";
import { getCourseLessonPage } from "@/lib/queries/courses";
import { StudentLesson } from "../../../_components/student-lesson";

interface Props {
  params: Promise<{ moduleId: string; lessonId: string }>;
}

async function load({ params }: Props) {
  const { moduleId, lessonId } = await params;
  const valid = isUuid(moduleId) && isUuid(lessonId);
  return { moduleId, lessonId, page: valid ? await getCourseLessonPage(await requireViewer(), moduleId, lessonId) : null };
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { lessonId, page } = await load(props);
  const title = page?.lessons.find((lesson) => lesson.id === lessonId)?.title;
  return { title: title && page?.module ? `${title} — ${page.module.title}` : "Урок" };
}

export default async function CourseLessonPage(props: Props) {
  const viewer = await requireViewer();
  const { moduleId, lessonId, page } = await load(props);
  if (!isUuid(moduleId)) redirect("/product-founder");
  const listPath = courseModulePath(moduleId);
  if (!page) return <LessonNotFound backHref={listPath} />;
  if (!page.module || !page.access?.is_open) redirect("/product-founder");
  const opening = openLesson([], page.lessons, page.verdicts, lessonId);
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
      backLabel="К урокам модуля"
    />
  );
}
