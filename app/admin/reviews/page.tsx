import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { requireReviewer } from "@/lib/auth";
import { parseQueueFilters, QUEUE_STATUSES, queueHref } from "@/lib/domain/reviews";
import { getReviewQueue } from "@/lib/queries/reviews";
import { cn } from "@/lib/utils";
import { QueueFilterForm } from "./_components/queue-filters";
import { QueueList, QueuePages } from "./_components/queue-list";

export const metadata: Metadata = { title: "Проверка работ", robots: { index: false } };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

const EMPTY = {
  submitted: "Работ на проверке нет — всё проверено",
  returned: "Работ на доработке нет",
  accepted: "Принятых работ пока нет",
} as const;

export default async function ReviewsPage({ searchParams }: Props) {
  const [user, params] = await Promise.all([requireReviewer(), searchParams]);
  const filters = parseQueueFilters(params);
  const queue = await getReviewQueue(filters);
  const filtered = Boolean(filters.groupId || filters.track || filters.itemId || filters.lessonId);
  const now = new Date();

  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/dashboard" backLabel="К выбору трека" title="Проверка работ" />
      <nav aria-label="Статус работ" className="flex flex-wrap gap-2">
        {QUEUE_STATUSES.map((status) => {
          const current = status.value === filters.status;
          return (
            <Link
              key={status.value}
              href={queueHref(filters, { status: status.value })}
              aria-current={current ? "page" : undefined}
              className={cn(
                "rounded-full border px-4 py-1.5 text-sm font-medium outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50",
                current ? "border-primary bg-primary text-primary-foreground" : "bg-background",
              )}
            >
              {status.label}
            </Link>
          );
        })}
      </nav>
      <QueueFilterForm
        key={queueHref(filters)}
        filters={filters}
        options={{ groups: queue.groups, tools: queue.tools, modules: queue.modules, lessons: queue.lessons }}
      />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {filters.status === "submitted" ? "Ждут проверки, сначала самые давние" : "Сначала самые давние"}: {queue.total.toLocaleString("ru-RU")}
      </p>
      {queue.items.length > 0 ? (
        <QueueList items={queue.items} viewerId={user.id} now={now} />
      ) : queue.total > 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          На этой странице работ нет.{" "}
          <Link href={queueHref(filters, { page: 1 })} className="underline">
            К первой странице
          </Link>
        </p>
      ) : (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">{filtered ? "По этим фильтрам работ нет" : EMPTY[filters.status]}</p>
      )}
      <QueuePages filters={filters} shown={queue.items.length} total={queue.total} />
    </main>
  );
}
