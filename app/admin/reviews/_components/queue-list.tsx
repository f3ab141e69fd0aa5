import Link from "next/link";
import { Clock, UserCheck } from "lucide-react";
import { PageNav } from "@/components/page-nav";
import { pageSummary } from "@/lib/domain/pagination";
import { claimLabel, elapsedShort, queueHref, REVIEWS_PER_PAGE, waitingLabel, waitsLong, type QueueFilters } from "@/lib/domain/reviews";
import type { QueueItem } from "@/lib/queries/reviews";
import { cn } from "@/lib/utils";

/** A student as a row names them; a curator may not read names the database keeps from them. */
export const studentLabel = (student: { full_name: string | null; email: string | null }) => student.full_name || student.email || "Студент";

function When({ item, now }: { item: QueueItem; now: Date }) {
  if (item.status === "submitted") {
    return (
      <span className={cn("inline-flex items-center gap-1", waitsLong(item.submitted_at, now) && "font-medium text-destructive")}>
        <Clock className="size-3.5" aria-hidden />
        <time dateTime={item.submitted_at}>{waitingLabel(item.submitted_at, now)}</time>
      </span>
    );
  }
  const reviewed = item.reviewed_at ?? item.submitted_at;
  return <time dateTime={reviewed}>проверена {elapsedShort(reviewed, now)} назад</time>;
}

/** The queue, oldest first: each row a link named by its student and lesson, the rest beside it. */
export function QueueList({ items, viewerId, now }: { items: QueueItem[]; viewerId: string; now: Date }) {
  return (
    <ol className="flex flex-col gap-2" aria-label="Работы">
      {items.map((item) => {
        const claim = claimLabel({ by: item.claimed_by, until: item.claimed_until }, viewerId, now);
        return (
          <li
            key={item.id}
            className="relative flex flex-col gap-2 rounded-lg border bg-card p-3 transition-colors focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-primary sm:flex-row sm:items-center sm:gap-4"
          >
            <Link href={`/admin/reviews/${item.id}`} className="flex min-w-0 flex-1 flex-col outline-none after:absolute after:inset-0 after:content-['']">
              <span className="font-medium">{studentLabel(item.student)}</span>
              <span className="sr-only"> — </span>
              <span className="text-sm">{item.lesson_title}</span>
            </Link>
            <span className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground sm:justify-end">
              {item.item_title && <span>{item.item_title}</span>}
              <span>попытка {item.attempt}</span>
              <When item={item} now={now} />
              {claim && (
                <span className="inline-flex items-center gap-1 text-foreground">
                  <UserCheck className="size-3.5" aria-hidden />
                  {claim}
                </span>
              )}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** «1–50 из 120» with the pages before and after. */
export function QueuePages({ filters, shown, total }: { filters: QueueFilters; shown: number; total: number }) {
  const summary = pageSummary(filters.page, REVIEWS_PER_PAGE, shown, total);
  if (!summary.hasPrevious && !summary.hasNext) return null;
  return (
    <PageNav
      label="Страницы очереди"
      summary={summary.label}
      previous={{ href: queueHref(filters, { page: filters.page - 1 }), enabled: summary.hasPrevious, label: "Предыдущие работы" }}
      next={{ href: queueHref(filters, { page: filters.page + 1 }), enabled: summary.hasNext, label: "Следующие работы" }}
    />
  );
}
