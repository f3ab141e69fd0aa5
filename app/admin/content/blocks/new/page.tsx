import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAdmin } from "@/lib/auth";
import { isUuid } from "@/lib/domain/paths";
import { getStudioToolName } from "@/lib/queries/studio";
import { ItemForm } from "../../_components/item-form";
import { StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Новый блок", robots: { index: false } };

export default async function NewBlockPage({ searchParams }: { searchParams: Promise<{ tool?: string | string[] }> }) {
  const { tool: toolId } = await searchParams;
  if (typeof toolId !== "string" || !isUuid(toolId)) notFound();
  const [, tool] = await Promise.all([requireAdmin(), getStudioToolName(toolId)]);
  if (!tool) notFound();
  return (
    <StudioShell title={`Новый блок: ${tool.name}`} backHref={`/admin/content/tools/${tool.id}`} backLabel={`К инструменту ${tool.name}`}>
      <ItemForm kind="block" toolId={tool.id} openPath="/admin/content/blocks/" />
    </StudioShell>
  );
}
