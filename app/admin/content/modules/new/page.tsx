import type { Metadata } from "next";
import { requireAdmin } from "@/lib/auth";
import { ItemForm } from "../../_components/item-form";
import { StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Новый модуль", robots: { index: false } };

export default async function NewCourseModulePage() {
  await requireAdmin();
  return (
    <StudioShell title="Новый модуль" backHref="/admin/content" backLabel="К контенту курса">
      <ItemForm kind="course_module" openPath="/admin/content/modules/" />
    </StudioShell>
  );
}
