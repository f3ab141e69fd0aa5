import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth";
import { pluralRu } from "@/lib/domain/plural";
import { getStudioOverview } from "@/lib/queries/studio";
import { AddLink } from "./_components/add-link";
import { SortableList } from "./_components/sortable-list";
import { StudioSection, StudioShell } from "./_components/studio-shell";

export const metadata: Metadata = { title: "Контент курса", robots: { index: false } };

const lessonCount = (count: number) => pluralRu(count, { one: "урок", few: "урока", many: "уроков" });

export default async function ContentPage() {
  const [, { modules, tools }] = await Promise.all([requireAdmin(), getStudioOverview()]);
  return (
    <StudioShell title="Контент курса" backHref="/admin" backLabel="К панели администратора">
      <p className="text-muted-foreground">
        Перетаскивайте строки или двигайте их кнопками со стрелками: порядок сохраняется сразу. Черновики студенты не видят.
      </p>
      <StudioSection title="Product Founder: модули" action={<AddLink href="/admin/content/modules/new">Добавить модуль</AddLink>}>
        <SortableList
          kind="course_module"
          label="Модули курса"
          noun="Модуль"
          emptyText="Модулей пока нет"
          items={modules.map((module) => ({
            id: module.id,
            title: module.title,
            href: `/admin/content/modules/${module.id}`,
            draft: !module.is_published,
            meta: lessonCount(module.lessonCount),
          }))}
        />
      </StudioSection>
      <StudioSection title="Tech Founder: инструменты" action={<AddLink href="/admin/content/tools/new">Добавить инструмент</AddLink>}>
        <SortableList
          kind="tool"
          label="Инструменты"
          noun="№"
          emptyText="Инструментов пока нет"
          items={tools.map((tool) => ({
            id: tool.id,
            title: tool.name,
            href: `/admin/content/tools/${tool.id}`,
            draft: !tool.is_published,
            meta: lessonCount(tool.lessonCount),
          }))}
        />
      </StudioSection>
    </StudioShell>
  );
}
