import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { ChevronRight, Lock } from "lucide-react";
import { PageHeader, PageShell } from "@/components/page-header";
import { requireUser } from "@/lib/auth";
import { canOpenTool } from "@/lib/domain/access";
import { groupLessons } from "@/lib/domain/lessons";
import { decodeSegment, lessonPath } from "@/lib/domain/paths";
import { getToolPage } from "@/lib/queries/courses";

interface Props {
  params: Promise<{ toolName: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const name = decodeSegment((await params).toolName);
  return { title: name ? `Уроки: ${name}` : "Уроки" };
}

export default async function ToolLessonsPage({ params }: Props) {
  await requireUser();
  const toolName = decodeSegment((await params).toolName);
  if (!toolName) notFound();
  const page = await getToolPage(toolName);
  if (!page.tool) notFound();
  if (!canOpenTool(page.access)) redirect("/tech-founder");
  const { groups, isEmpty } = groupLessons(page.modules, page.lessons, page.lesson_access);

  return (
    <PageShell>
      <PageHeader backHref="/tech-founder" backLabel="К инструментам" title={page.tool.name} />
      {page.tool.description && <p className="text-muted-foreground">{page.tool.description}</p>}
      {isEmpty ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">Уроки для этого инструмента скоро появятся</p>
      ) : (
        groups.map((group) => (
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
                      href={lessonPath(page.tool!.name, lesson.id)}
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
        ))
      )}
    </PageShell>
  );
}
