import Link from "next/link";
import { ChevronRight, Lock } from "lucide-react";
import type { LessonGroup } from "@/lib/domain/lessons";

/** A tool's or a course module's lessons, grouped and numbered, each linking to `${basePath}/${id}`. */
export function LessonList({ groups, basePath, emptyText }: { groups: LessonGroup[]; basePath: string; emptyText: string }) {
  if (groups.length === 0) return <p className="rounded-lg border p-6 text-center text-muted-foreground">{emptyText}</p>;
  return groups.map((group) => (
    <section key={group.key} aria-labelledby={`group-${group.key}`} className="flex flex-col gap-3">
      <div>
        <h2 id={`group-${group.key}`} className="text-xl font-semibold">
          {group.title}
        </h2>
        {group.description && <p className="text-sm text-muted-foreground">{group.description}</p>}
      </div>
      {group.lessons.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">Уроки в этом блоке скоро появятся</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {group.lessons.map((lesson) => (
            <li key={lesson.id}>
              <Link
                href={`${basePath}/${lesson.id}`}
                className="flex items-center gap-3 rounded-lg border bg-card p-4 outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="shrink-0 text-sm font-medium text-primary">{lesson.label}</span>
                <span className="min-w-0 flex-1 break-words">{lesson.title}</span>
                {lesson.locked ? (
                  <Lock className="size-4 shrink-0 text-muted-foreground" aria-label="Урок закрыт" />
                ) : (
                  <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  ));
}
