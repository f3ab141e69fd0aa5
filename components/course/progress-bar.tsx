import { progressLabel, progressPercent, type Progress } from "@/lib/domain/progress";
import { cn } from "@/lib/utils";

/** «3 из 5 уроков» with a bar; nothing for an empty list. */
export function ProgressBar({ progress, className }: { progress: Progress; className?: string }) {
  if (progress.total === 0) return null;
  const percent = progressPercent(progress);
  const label = progressLabel(progress);
  return (
    <div className={cn("flex flex-col gap-1.5", className)} data-testid="progress">
      <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>{label}</span>
        <span aria-hidden>{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Пройдено ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
