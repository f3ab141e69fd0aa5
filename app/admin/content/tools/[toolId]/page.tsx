import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ExternalLink } from "lucide-react";
import { Button } from "@/components/ui/button";
import { requireAdmin } from "@/lib/auth";
import { isUuid, toolPath } from "@/lib/domain/paths";
import { getStudioTool } from "@/lib/queries/studio";
import { AddLink } from "../../_components/add-link";
import { CertificateSwitch } from "../../_components/certificate-switch";
import { DeleteContentButton } from "../../_components/delete-content-button";
import { DraftBadge } from "../../_components/draft-badge";
import { ItemForm } from "../../_components/item-form";
import { lessonCount, lessonRow, studioRow } from "../../_components/studio-rows";
import { SortableList } from "../../_components/sortable-list";
import { StudioSection, StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Инструмент", robots: { index: false } };

export default async function StudioToolPage({ params, searchParams }: { params: Promise<{ toolId: string }>; searchParams: Promise<{ certificate?: string }> }) {
  const [{ toolId }, { certificate }] = await Promise.all([params, searchParams]);
  if (!isUuid(toolId)) notFound();
  const [, { tool, blocks, lessons }] = await Promise.all([requireAdmin(), getStudioTool(toolId)]);
  if (!tool) notFound();
  const looseLessons = lessons.filter((lesson) => !lesson.module_id);

  return (
    <StudioShell
      title={tool.name}
      backHref="/admin/content"
      backLabel="К контенту курса"
      actions={
        <>
          {!tool.is_published && <DraftBadge />}
          <Button asChild variant="ghost" size="sm">
            <Link href={toolPath(tool.name)}>
              <ExternalLink aria-hidden />
              Страница инструмента
            </Link>
          </Button>
          <DeleteContentButton kind="tool" id={tool.id} title={tool.name} afterDelete="/admin/content" />
        </>
      }
    >
      <ItemForm kind="tool" item={tool} openPath="/admin/content/tools/" />
      <p className="-mt-2 text-xs text-muted-foreground">
        Название — это адрес страницы инструмента. После переименования старые ссылки продолжат вести сюда.
      </p>
      <CertificateSwitch kind="tool" id={tool.id} issues={tool.issues_certificate} saved={certificate === "saved"} />
      <StudioSection title="Уроки без блока" action={<AddLink href={`/admin/content/lessons/new?parent=tool:${tool.id}`}>Добавить урок</AddLink>}>
        <SortableList kind="lesson" label="Уроки без блока" noun="Урок" emptyText="Уроков без блока нет" items={looseLessons.map(lessonRow)} />
      </StudioSection>
      <StudioSection title="Блоки" action={<AddLink href={`/admin/content/blocks/new?tool=${tool.id}`}>Добавить блок</AddLink>}>
        <SortableList
          kind="block"
          label="Блоки инструмента"
          noun="Блок"
          emptyText="Блоков нет: уроки показываются одним списком"
          items={blocks.map((block) =>
            studioRow(block, block.name, `/admin/content/blocks/${block.id}`, lessonCount(lessons.filter((lesson) => lesson.module_id === block.id).length)),
          )}
        />
      </StudioSection>
    </StudioShell>
  );
}
