import { CheckCircle2, Clock, RotateCcw } from "lucide-react";
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from "@/lib/domain/submissions";

const LOOK: Record<SubmissionStatus, { icon: typeof Clock; className: string }> = {
  submitted: { icon: Clock, className: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100" },
  returned: { icon: RotateCcw, className: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" },
  accepted: { icon: CheckCircle2, className: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100" },
};

/** «На проверке», «Нужно доработать» or «Принято», each with its own colour and icon. */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const { icon: Icon, className } = LOOK[status];
  return (
    <span className={`inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium ${className}`}>
      <Icon className="size-3" aria-hidden />
      {SUBMISSION_STATUS_LABELS[status]}
    </span>
  );
}
