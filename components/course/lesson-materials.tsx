import type { LessonAttachment } from "@/lib/queries/courses";
import { FileLinks } from "./file-links";

/** A lesson's files to download; each link signs a short-lived address for this visitor only (app/files). */
export function LessonMaterials({ attachments }: { attachments: LessonAttachment[] }) {
  if (!attachments.length) return null;
  return (
    <section aria-labelledby="lesson-materials" className="flex flex-col gap-3">
      <h2 id="lesson-materials" className="text-lg font-semibold">
        Материалы урока
      </h2>
      <FileLinks
        files={attachments.map((attachment) => ({
          href: `/files/materials/${attachment.id}`,
          name: attachment.file_name,
          mime: attachment.mime_type,
          size: attachment.size_bytes,
        }))}
      />
    </section>
  );
}
