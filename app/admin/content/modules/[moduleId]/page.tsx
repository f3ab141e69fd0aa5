import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAdmin } from "@/lib/auth";
import { isUuid } from "@/lib/domain/paths";
import { getStudioCourseModule } from "@/lib/queries/studio";
import { AddLink } from "../../_components/add-link";
import { CertificateSwitch } from "../../_components/certificate-switch";
import { DeleteContentButton } from "../../_components/delete-content-button";
import { DraftBadge } from "../../_components/draft-badge";
import { ItemForm } from "../../_components/item-form";
import { SortableList } from "../../_components/sortable-list";
import { lessonRow } from "../../_components/studio-rows";
import { StudioSection, StudioShell } from "../../_components/studio-shell";

export const metadata: Metadata = { title: "Модуль курса", robots: { index: false } };

export default async function StudioCourseModulePage({ params, searchParams }: { params: Promise<{ moduleId: string }>; searchParams: Promise<{ certificate?: string }> }) {
  const [{ moduleId }, { certificate }] = await Promise.all([params, searchParams]);
  if (!isUuid(moduleId)) notFound();
  const [, { module, lessons }] = await Promise.all([requireAdmin(), getStudioCourseModule(moduleId)]);
  if (!module) notFound();

  return (
    <StudioShell
      title={module.title}
      backHref="/admin/content"
      backLabel="К контенту курса"
      actions={
        <>
          {!module.is_published && <DraftBadge />}
          <DeleteContentButton kind="course_module" id={module.id} title={module.title} afterDelete="/admin/content" />
        </>
      }
    >
      <ItemForm kind="course_module" item={{ ...module, name: module.title }} openPath="/admin/content/modules/" />
      <CertificateSwitch kind="course_module" id={module.id} issues={module.issues_certificate} saved={certificate === "saved"} />
      <StudioSection
        title="Уроки модуля"
        action={<AddLink href={`/admin/content/lessons/new?parent=course_module:${module.id}`}>Добавить урок</AddLink>}
      >
        <SortableList
          kind="lesson"
          label="Уроки модуля"
          noun="Урок"
          emptyText="Уроков пока нет: студенты увидят «Уроки для этого модуля скоро появятся»"
          items={lessons.map(lessonRow)}
        />
      </StudioSection>
    </StudioShell>
  );
}
