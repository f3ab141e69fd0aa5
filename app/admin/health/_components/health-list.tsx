import { CircleCheck, CircleDashed, CircleX } from "lucide-react";
import type { HealthResult, HealthStatus } from "@/lib/health/types";
import { cn } from "@/lib/utils";

const STATUS: Record<HealthStatus, { label: string; icon: typeof CircleCheck; className: string }> = {
  ok: { label: "в порядке", icon: CircleCheck, className: "text-emerald-700 dark:text-emerald-400" },
  fail: { label: "ошибка", icon: CircleX, className: "text-destructive" },
  skipped: { label: "не проверено", icon: CircleDashed, className: "text-muted-foreground" },
};

/** One row per check: its state in words (not by colour alone), what was found and what to do. */
export function HealthList({ results }: { results: HealthResult[] }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Проверки">
      {results.map((result) => {
        const status = STATUS[result.status];
        const Icon = status.icon;
        return (
          <li key={result.id} className={cn("flex gap-3 rounded-lg border p-4", result.status === "fail" && "border-destructive/40 bg-destructive/5")}>
            <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", status.className)} />
            <div className="min-w-0 break-words">
              <p className="font-medium">
                {result.title} <span className={cn("text-sm font-normal", status.className)}>— {status.label}</span>
              </p>
              <p className="text-sm text-muted-foreground">{result.detail}</p>
              {result.items && (
                <ul className="mt-2 list-disc pl-5 text-sm">
                  {result.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
