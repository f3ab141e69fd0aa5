import { ClipboardList } from "lucide-react";
import { homeworkWaiting } from "@/lib/domain/submissions";
import type { HomeworkSummary } from "@/lib/queries/courses";

/** «2 задания на доработке», «1 работа на проверке»: nothing when no work of the student's waits. */
export function HomeworkWaiting({ summary }: { summary: HomeworkSummary }) {
  const lines = homeworkWaiting(summary);
  if (!lines.length) return null;
  return (
    <section aria-labelledby="homework-waiting" className="flex items-start gap-4 rounded-xl border p-4">
      <ClipboardList className="size-8 shrink-0 text-primary" aria-hidden />
      <div className="flex flex-col gap-1">
        <h2 id="homework-waiting" className="font-semibold">
          Домашние задания
        </h2>
        <ul className="text-sm text-muted-foreground">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}
