import { ProgressBar } from "@/components/course/progress-bar";
import type { Progress } from "@/lib/domain/progress";

interface Row {
  id: string;
  title: string;
  progress: Progress | undefined;
}

/**
 * How far the student got in each module and tool they started, and when they were last active
 * (formatted on the server, so the browser's time zone data cannot change it while hydrating).
 */
export function StudentProgress({ lastActivity, rows }: { lastActivity: string | null; rows: Row[] }) {
  const started = rows.filter((row): row is Row & { progress: Progress } => Boolean(row.progress && row.progress.completed > 0));
  return (
    <section aria-label="Прогресс студента" className="flex flex-col gap-3 rounded-lg border p-4">
      <p className="text-sm">
        {lastActivity ? `Последняя активность: ${lastActivity}` : "Студент ещё не открывал уроки"}
      </p>
      {started.length > 0 && (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {started.map((row) => (
            <li key={row.id} className="flex flex-col gap-1">
              <span className="text-sm font-medium">{row.title}</span>
              <ProgressBar progress={row.progress} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
