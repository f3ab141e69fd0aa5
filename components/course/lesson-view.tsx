import Link from "next/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { PageHeader, PageShell } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import type { NumberedLesson } from "@/lib/domain/lessons";
import { LessonDescription } from "./lesson-description";
import { LessonVideo } from "./lesson-video";

interface LessonViewProps {
  lesson: NumberedLesson;
  content: { description: string | null; video_url: string | null } | null;
  /** The lesson list; neighbours live at `${listPath}/${id}`. */
  listPath: string;
  backLabel: string;
  previous: NumberedLesson | null;
  next: NumberedLesson | null;
}

/** A lesson page, the same for a tool's lessons and a course module's. */
export function LessonView({ lesson, content, listPath, backLabel, previous, next }: LessonViewProps) {
  return (
    <PageShell>
      <PageHeader backHref={listPath} backLabel={backLabel} title={lesson.title} />
      <p className="-mt-4 text-sm font-medium text-primary">{lesson.label}</p>
      <LessonVideo url={content?.video_url ?? null} title={lesson.title} />
      <LessonDescription text={content?.description ?? null} />
      <nav aria-label="Соседние уроки" className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:justify-between">
        {previous ? (
          <Button asChild variant="outline" className="h-auto justify-start whitespace-normal py-2 text-left">
            <Link href={`${listPath}/${previous.id}`} rel="prev">
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
            <Link href={`${listPath}/${next.id}`} rel="next">
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

export function LessonNotFound({ backHref }: { backHref: string }) {
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
