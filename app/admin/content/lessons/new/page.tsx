import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth";
import { getStudioLessonParents } from "@/lib/queries/studio";
import { LessonForm } from "../../_components/lesson-form";
import { StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Новый урок", robots: { index: false } };

export default async function NewLessonPage({ searchParams }: { searchParams: Promise<{ parent?: string | string[] }> }) {
  const { parent } = await searchParams;
  const [, parents] = await Promise.all([requireAdmin(), getStudioLessonParents()]);
  const fallback = parents.modules[0] ? `course_module:${parents.modules[0].id}` : parents.tools[0] ? `tool:${parents.tools[0].id}` : "";
  return (
    <StudioShell title="Новый урок" backHref="/admin/content" backLabel="К контенту курса">
      {parents.modules.length + parents.tools.length === 0 ? (
        <p className="text-muted-foreground">Сначала добавьте модуль курса или инструмент: урок живёт внутри одного из них.</p>
      ) : (
        <LessonForm parent={typeof parent === "string" ? parent : fallback} parents={parents} />
      )}
    </StudioShell>
  );
}
