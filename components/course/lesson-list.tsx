import Link from "next/link";
import { CheckCircle2, ChevronRight, Lock } from "lucide-react";
import { AskForAccess } from "@/components/school-contact";
import { schoolContacts } from "@/lib/school";
import { lockText, needsAdmin } from "@/lib/domain/access-reasons";
import type { LessonGroup, LockReason, NumberedLesson } from "@/lib/domain/lessons";
import { cn } from "@/lib/utils";

interface LessonLinkProps {
  lesson: NumberedLesson;
  href: string;
  completed: boolean;
  current?: boolean;
  compact?: boolean;
}

/** One lesson in a list: its number, title, and whether it is done, locked or open. */
function LessonLink({ lesson, href, completed, current, compact }: LessonLinkProps) {
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-lg border outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50",
        compact ? "p-2 text-sm pointer-coarse:min-h-11" : "p-4",
        lesson.locked && "border-dashed text-muted-foreground",
        current ? "border-primary bg-primary/5" : lesson.locked ? "bg-muted/40" : "bg-card",
      )}
    >
      <span className={cn("shrink-0 text-sm font-medium", lesson.locked ? "text-muted-foreground" : "text-primary")}>{lesson.label}</span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span>{lesson.title}</span>
        {lesson.locked && lesson.causes.length > 0 && <span className="text-xs">{lockText(lesson.causes)}</span>}
      </span>
      {lesson.locked ? (
        <Lock className="size-4 shrink-0" aria-label="Урок закрыт" />
      ) : completed ? (
        <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-label="Пройден" />
      ) : (
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      )}
    </Link>
  );
}

interface LessonListProps {
  groups: LessonGroup[];
  /** Lessons live at `${basePath}/${id}`. */
  basePath: string;
  completed: readonly string[];
  emptyText: string;
  /** The lesson being read, in a lesson page's outline. */
  currentId?: string;
  compact?: boolean;
}

/** A tool's or a course module's lessons, grouped and numbered. */
export function LessonList({ groups, basePath, completed, emptyText, currentId, compact }: LessonListProps) {
  if (groups.length === 0) return <p className="rounded-lg border p-6 text-center text-muted-foreground">{emptyText}</p>;
  const done = new Set(completed);
  return groups.map((group) => (
    <section key={group.key} aria-labelledby={`group-${group.key}`} className={cn("flex flex-col", compact ? "gap-2" : "gap-3")}>
      <div>
        <h2 id={`group-${group.key}`} className={compact ? "text-sm font-semibold" : "text-xl font-semibold"}>
          {group.title}
        </h2>
        {group.description && !compact && <p className="text-sm text-muted-foreground">{group.description}</p>}
      </div>
      {group.lessons.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">Уроки в этом блоке скоро появятся</p>
      ) : (
        <ul className={cn("flex flex-col", compact ? "gap-1" : "gap-2")}>
          {group.lessons.map((lesson) => (
            <li key={lesson.id}>
              <LessonLink
                lesson={lesson}
                href={`${basePath}/${lesson.id}`}
                completed={done.has(lesson.id)}
                current={lesson.id === currentId}
                compact={compact}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  ));
}

const CLOSED_TEXT: Record<LockReason, React.ReactNode> = {
  access: (
    <>
      Этот урок пока закрыт. <AskForAccess />
    </>
  ),
  homework: "Этот урок откроется, когда куратор примет домашнее задание стоп-урока перед ним.",
};

/** The notice for one closed lesson of the list: every cause and when it ends, and whom to ask when no date ends one. */
function lessonNotice(lesson: NumberedLesson) {
  const text = lockText(lesson.causes);
  if (!text) return CLOSED_TEXT.access;
  return (
    <>
      Урок «{lesson.title}» пока закрыт. {text}.{needsAdmin(lesson.causes) && schoolContacts().length > 0 && <> <AskForAccess /></>}
    </>
  );
}

/**
 * Where a closed lesson's redirect lands: the list says why. `reason`: what the redirect said
 * (a lesson the list shows is named by its id, and the notice gives its own causes).
 */
export function ClosedLessonNotice({ reason = "access", sequence = [] }: { reason?: LockReason | { lessonId: string }; sequence?: readonly NumberedLesson[] }) {
  let text: React.ReactNode;
  if (typeof reason === "string") text = CLOSED_TEXT[reason];
  else {
    const lesson = sequence.find((item) => item.id === reason.lessonId);
    // Opened since (the notice has nothing to say), or not in the list (hidden: no cause is told).
    if (lesson && !lesson.locked) return null;
    text = lesson ? lessonNotice(lesson) : CLOSED_TEXT.access;
  }
  return (
    <p role="status" className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{text}</span>
    </p>
  );
}
