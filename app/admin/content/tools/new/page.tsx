import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth";
import { ItemForm } from "../../_components/item-form";
import { StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Новый инструмент", robots: { index: false } };

export default async function NewToolPage() {
  await requireAdmin();
  return (
    <StudioShell title="Новый инструмент" backHref="/admin/content" backLabel="К контенту курса">
      <ItemForm kind="tool" openPath="/admin/content/tools/" />
    </StudioShell>
  );
}
