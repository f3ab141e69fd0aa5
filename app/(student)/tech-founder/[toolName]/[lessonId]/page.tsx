import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { PageHeader, PageShell } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth";
import { canOpenLesson, canOpenTool } from "@/lib/domain/access";
import { groupLessons, neighbours } from "@/lib/domain/lessons";
import { decodeSegment, isUuid, lessonPath, toolPath } from "@/lib/domain/paths";
import { getLessonPage } from "@/lib/queries/courses";
import { LessonDescription } from "./_components/lesson-description";
import { LessonVideo } from "./_components/lesson-video";

interface Props {
  params: Promise<{ toolName: string; lessonId: string }>;
}

export const metadata: Metadata = { title: "Урок" };

function LessonNotFound({ backHref }: { backHref: string }) {
  return (
    <PageShell>
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Урок не найден</h1>
        <p className="text-muted-foreground">Возможно, ссылка устарела или урок был удалён.</p>
        <Button asChild>
          <Link href={backHref}>Вернуться к урокам</Link>
        </Button>
      </div>
    </PageShell>
  );
}

export default async function LessonPage({ params }: Props) {
  await requireUser();
  const { toolName: rawToolName, lessonId } = await params;
  const toolName = decodeSegment(rawToolName);
  if (!toolName || !isUuid(lessonId)) return <LessonNotFound backHref={toolName ? toolPath(toolName) : "/tech-founder"} />;

  const page = await getLessonPage(toolName, lessonId);
  if (!page.tool) return <LessonNotFound backHref="/tech-founder" />;
  if (!canOpenTool(page.access)) redirect("/tech-founder");
  const listPath = toolPath(page.tool.name);
  if (!page.lessons.some((lesson) => lesson.id === lessonId)) return <LessonNotFound backHref={listPath} />;
  const record = page.lesson_access.find((access) => access.lesson_id === lessonId);
  if (!canOpenLesson(record)) redirect(listPath);

  const { sequence } = groupLessons(page.modules, page.lessons, page.lesson_access);
  const lesson = sequence.find((item) => item.id === lessonId)!;
  const { previous, next } = neighbours(sequence, lessonId);

  return (
    <PageShell>
      <PageHeader backHref={listPath} backLabel={`К урокам ${page.tool.name}`} title={lesson.title} />
      <p className="-mt-4 text-sm font-medium text-primary">{lesson.label}</p>
      <LessonVideo url={page.content?.video_url ?? null} title={lesson.title} />
      <LessonDescription text={page.content?.description ?? null} />
      <nav aria-label="Соседние уроки" className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        {previous ? (
          <Button asChild variant="outline" className="h-auto justify-start whitespace-normal py-2 text-left">
            <Link href={lessonPath(page.tool.name, previous.id)} rel="prev">
              <ChevronLeft aria-hidden />
              <span>
                <span className="block text-xs text-muted-foreground">Предыдущий урок</span>
                {previous.title}
              </span>
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {next && (
          <Button asChild variant="outline" className="h-auto justify-end whitespace-normal py-2 text-right">
            <Link href={lessonPath(page.tool.name, next.id)} rel="next">
              <span>
                <span className="block text-xs text-muted-foreground">Следующий урок</span>
                {next.title}
              </span>
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        )}
      </nav>
    </PageShell>
  );
}
