import { Download, FileText } from "lucide-react";
import { fileSizeLabel, materialLabel } from "@/lib/domain/materials";
import { cn } from "@/lib/utils";

export interface FileLink {
  href: string;
  name: string;
  mime: string;
  size: number;
}

interface Props {
  files: FileLink[];
  /** The list's name for a screen reader, where no heading names it. */
  label?: string;
  /** Smaller rows, for files inside a homework attempt. */
  compact?: boolean;
}

/** Files to download, each with its type and size. */
export function FileLinks({ files, label, compact }: Props) {
  if (!files.length) return null;
  return (
    <ul aria-label={label} className={cn("flex flex-col divide-y rounded-lg border", compact && "text-sm")}>
      {files.map((file) => (
        <li key={file.href}>
          <a
            href={file.href}
            className={cn("flex items-center gap-3 outline-none hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-ring/50", compact ? "p-2" : "p-3")}
          >
            <FileText className={cn("shrink-0 text-muted-foreground", compact ? "size-4" : "size-5")} aria-hidden />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="font-medium [overflow-wrap:anywhere]">{file.name}</span>
              <span className={cn("text-muted-foreground", compact ? "text-xs" : "text-sm")}>
                {materialLabel(file.mime)} · {fileSizeLabel(file.size)}
              </span>
            </span>
            <Download className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="sr-only">Скачать</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
