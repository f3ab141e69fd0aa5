import type { Metadata } from "next";
import { CheckCheck } from "lucide-react";
import { SafeForm } from "@/components/forms/safe-form";
import { PageHeader, PageShell } from "@/components/page-header";
import { PageNav } from "@/components/page-nav";
import { Button } from "@/components/ui/button";
import { formatMoscowTime } from "@/lib/domain/dates";
import { QUOTE_LABEL } from "@/lib/domain/notifications";
import { pageSummary, parsePage } from "@/lib/domain/pagination";
import { requireViewer } from "@/lib/preview";
import { getNotificationsPage, NOTIFICATIONS_PER_PAGE } from "@/lib/queries/notifications";
import { cn } from "@/lib/utils";
import { markAllNotificationsRead, openNotification } from "./actions";

export const metadata: Metadata = { title: "Уведомления" };

export default async function NotificationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireViewer();
  const query = await searchParams;
  const page = parsePage(typeof query.page === "string" ? query.page : undefined);
  const { items, total } = await getNotificationsPage(page);
  const summary = pageSummary(page, NOTIFICATIONS_PER_PAGE, items.length, total);
  const hasUnread = items.some((item) => !item.read);
  const drawnAt = new Date().toISOString();
  return (
    <PageShell>
      <PageHeader title="Уведомления" backHref="/dashboard" backLabel="На главную">
        {hasUnread && (
          <SafeForm action={markAllNotificationsRead}>
            <input type="hidden" name="before" value={drawnAt} />
            <Button type="submit" variant="outline">
              <CheckCheck aria-hidden />
              Отметить все прочитанными
            </Button>
          </SafeForm>
        )}
      </PageHeader>
      {query.failed && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          Не удалось выполнить действие. Проверьте соединение и попробуйте ещё раз.
        </p>
      )}
      {items.length === 0 ? (
        <p className="text-muted-foreground">
          Пока уведомлений нет. Здесь появятся ответы кураторов на домашние задания и новые открытые уроки.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Список уведомлений">
          {items.map((item) => (
            <li key={item.id}>
              <SafeForm action={openNotification.bind(null, item.id)}>
                <button
                  type="submit"
                  className={cn(
                    "flex w-full min-w-0 flex-col gap-1 rounded-xl border p-4 text-left outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50",
                    item.read ? "bg-background" : "border-primary/40 bg-primary/5",
                  )}
                >
                  <span className="flex items-center gap-2 font-semibold break-words">
                    {!item.read && <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden />}
                    {item.title}
                    {!item.read && <span className="sr-only"> (новое)</span>}
                  </span>
                  <span className="break-words text-sm">{item.text}</span>
                  {item.quote && (
                    <span className="break-words border-l-4 border-primary/40 pl-3 text-sm italic">
                      <span className="sr-only">{QUOTE_LABEL}: </span>«{item.quote}»
                    </span>
                  )}
                  <span className="text-xs text-muted-foreground">{formatMoscowTime(item.createdAt)}</span>
                </button>
              </SafeForm>
            </li>
          ))}
        </ul>
      )}
      {total > NOTIFICATIONS_PER_PAGE && (
        <PageNav
          label="Страницы уведомлений"
          summary={summary.label}
          previous={{ href: `/notifications?page=${page - 1}`, enabled: summary.hasPrevious, label: "Более новые уведомления" }}
          next={{ href: `/notifications?page=${page + 1}`, enabled: summary.hasNext, label: "Более старые уведомления" }}
        />
      )}
    </PageShell>
  );
}
