import Link from "next/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { PageHeader, PageShell } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { lessonHeading, type LessonGroup, type NumberedLesson } from "@/lib/domain/lessons";
import { progressLabel, progressOf } from "@/lib/domain/progress";
import type { LessonContent } from "@/lib/queries/courses";
import { LessonBody } from "./lesson-body";
import { LessonDescription } from "./lesson-description";
import { LessonList } from "./lesson-list";
import { LessonMaterials } from "./lesson-materials";
import { LessonVideo } from "./lesson-video";

interface LessonViewProps {
  lesson: NumberedLesson;
  content: LessonContent | null;
  /** The lesson list; every lesson lives at `${listPath}/${id}`. */
  listPath: string;
  backLabel: string;
  previous: NumberedLesson | null;
  next: NumberedLesson | null;
  /** The tool's or module's lessons as its list shows them, for the header's «Урок N из M» and the outline. */
  groups: LessonGroup[];
  completed: readonly string[];
  /** The «Отметить пройденным» control (none in an admin's preview). */
  completion: React.ReactNode;
  /** The lesson's «Домашнее задание», when it carries an assignment. */
  homework?: React.ReactNode;
}

function NeighbourLink({ lesson, href, direction }: { lesson: NumberedLesson; href: string; direction: "prev" | "next" }) {
  const previous = direction === "prev";
  return (
    <Button asChild variant="outline" size="wrapping" className={previous ? "justify-start text-left" : "justify-end text-right"}>
      <Link href={href} rel={direction}>
        {previous && <ChevronLeft aria-hidden />}
        <span>
          <span className="block text-xs text-muted-foreground">{previous ? "Предыдущий урок" : "Следующий урок"}</span>
          {lesson.title}
        </span>
        {!previous && <ChevronRight aria-hidden />}
      </Link>
    </Button>
  );
}

/** A lesson page, the same for a tool's lessons and a course module's: the lesson, then its outline. */
export function LessonView({ lesson, content, listPath, backLabel, previous, next, groups, completed, completion, homework }: LessonViewProps) {
  const sequence = groups.flatMap((group) => group.lessons);
  const heading = lessonHeading(groups, lesson.id);
  const progress = progressOf(
    sequence.map((item) => item.id),
    completed,
  );
  const outline = <LessonList groups={groups} basePath={listPath} completed={completed} currentId={lesson.id} emptyText="" compact />;

  return (
    <PageShell>
      <PageHeader backHref={listPath} backLabel={backLabel} title={lesson.title} />
      {heading && <p className="-mt-4 text-sm font-medium text-primary">{heading}</p>}
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <LessonVideo url={content?.video_url ?? null} title={lesson.title} />
          <LessonDescription text={content?.description ?? null} />
          <LessonBody markdown={content?.body_md ?? ""} />
          <LessonMaterials attachments={content?.attachments ?? []} />
          {homework}
          {completion}
          <nav aria-label="Соседние уроки" className="flex flex-col gap-2 border-t pt-4 sm:flex-row sm:justify-between">
            {previous ? <NeighbourLink lesson={previous} href={`${listPath}/${previous.id}`} direction="prev" /> : <span />}
            {next && <NeighbourLink lesson={next} href={`${listPath}/${next.id}`} direction="next" />}
          </nav>
        </div>
        <aside aria-label="Все уроки" className="hidden flex-col gap-4 lg:flex">
          <p className="text-sm text-muted-foreground">Пройдено {progressLabel(progress)}</p>
          {outline}
        </aside>
        <details className="rounded-lg border p-3 lg:hidden">
          <summary className="cursor-pointer text-sm font-medium">Все уроки · пройдено {progressLabel(progress)}</summary>
          <div className="mt-3 flex flex-col gap-4">{outline}</div>
        </details>
      </div>
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
