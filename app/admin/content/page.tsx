import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth";
import { getStudioOverview } from "@/lib/queries/studio";
import { AddLink } from "./_components/add-link";
import { SortableList } from "./_components/sortable-list";
import { lessonCount, studioRow } from "./_components/studio-rows";
import { StudioSection, StudioShell } from "./_components/studio-shell";

export const metadata: Metadata = { title: "Контент курса", robots: { index: false } };

export default async function ContentPage({ searchParams }: { searchParams: Promise<{ result?: string }> }) {
  const [, { modules, tools }, { result }] = await Promise.all([requireAdmin(), getStudioOverview(), searchParams]);
  return (
    <StudioShell title="Контент курса" backHref="/admin" backLabel="К панели администратора">
      {result === "failed" && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          Не удалось сохранить изменение теста: возможно, тест или вопрос уже удалили. Откройте урок и попробуйте ещё раз
        </p>
      )}
      <p className="text-muted-foreground">
        Перетаскивайте строки или двигайте их кнопками со стрелками: порядок сохраняется сразу. Черновики студенты не видят.
      </p>
      <StudioSection title="Product Founder: модули" action={<AddLink href="/admin/content/modules/new">Добавить модуль</AddLink>}>
        <SortableList
          kind="course_module"
          label="Модули курса"
          noun="Модуль"
          emptyText="Модулей пока нет"
          items={modules.map((module) => studioRow(module, module.title, `/admin/content/modules/${module.id}`, lessonCount(module.lessonCount)))}
        />
      </StudioSection>
      <StudioSection title="Tech Founder: инструменты" action={<AddLink href="/admin/content/tools/new">Добавить инструмент</AddLink>}>
        <SortableList
          kind="tool"
          label="Инструменты"
          noun="№"
          emptyText="Инструментов пока нет"
          items={tools.map((tool) => studioRow(tool, tool.name, `/admin/content/tools/${tool.id}`, lessonCount(tool.lessonCount)))}
        />
      </StudioSection>
    </StudioShell>
  );
}
