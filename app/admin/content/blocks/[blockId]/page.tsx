import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAdmin } from "@/lib/auth";
import { isUuid } from "@/lib/domain/paths";
import { getStudioBlock } from "@/lib/queries/studio";
import { AddLink } from "../../_components/add-link";
import { DeleteContentButton } from "../../_components/delete-content-button";
import { DraftBadge } from "../../_components/draft-badge";
import { ItemForm } from "../../_components/item-form";
import { lessonRow } from "../../_components/studio-rows";
import { SortableList } from "../../_components/sortable-list";
import { StudioSection, StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Блок инструмента", robots: { index: false } };

export default async function StudioBlockPage({ params }: { params: Promise<{ blockId: string }> }) {
  const { blockId } = await params;
  if (!isUuid(blockId)) notFound();
  const [, block] = await Promise.all([requireAdmin(), getStudioBlock(blockId)]);
  if (!block?.tool) notFound();
  const toolHref = `/admin/content/tools/${block.tool.id}`;

  return (
    <StudioShell
      title={block.name}
      backHref={toolHref}
      backLabel={`К инструменту ${block.tool.name}`}
      actions={
        <>
          {!block.is_published && <DraftBadge />}
          <DeleteContentButton kind="block" id={block.id} title={block.name} afterDelete={toolHref} />
        </>
      }
    >
      <ItemForm kind="block" item={block} toolId={block.tool.id} openPath="/admin/content/blocks/" />
      <StudioSection
        title="Уроки блока"
        action={<AddLink href={`/admin/content/lessons/new?parent=block:${block.tool.id}:${block.id}`}>Добавить урок</AddLink>}
      >
        <SortableList kind="lesson" label="Уроки блока" noun="Урок" emptyText="В блоке пока нет уроков" items={block.lessons.map(lessonRow)} />
      </StudioSection>
    </StudioShell>
  );
}
