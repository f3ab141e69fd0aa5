import { Download, FileText } from "lucide-react";
import { fileSizeLabel, materialLabel } from "@/lib/domain/materials";
import type { LessonAttachment } from "@/lib/queries/courses";

/** A lesson's files to download; each link signs a short-lived address for this visitor only (app/files). */
export function LessonMaterials({ attachments }: { attachments: LessonAttachment[] }) {
  if (!attachments.length) return null;
  return (
    <section aria-labelledby="lesson-materials" className="flex flex-col gap-3">
      <h2 id="lesson-materials" className="text-lg font-semibold">
        Материалы урока
      </h2>
      <ul className="flex flex-col divide-y rounded-lg border">
        {attachments.map((attachment) => (
          <li key={attachment.id}>
            <a
              href={`/files/materials/${attachment.id}`}
              className="flex items-center gap-3 p-3 hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none"
            >
              <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium [overflow-wrap:anywhere]">{attachment.file_name}</span>
                <span className="text-sm text-muted-foreground">
                  {materialLabel(attachment.mime_type)} · {fileSizeLabel(attachment.size_bytes)}
                </span>
              </span>
              <Download className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="sr-only">Скачать</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
