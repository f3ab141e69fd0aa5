import type { Metadata } from "next";
import { RotateCw } from "lucide-react";
import { SafeForm } from "@/components/forms/safe-form";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { requireAdmin } from "@/lib/auth";
import { formatMoscowTime } from "@/lib/domain/dates";
import { CHANNEL_LABELS, describeDeliveryError, describeNotification } from "@/lib/domain/notifications";
import { getDeliveryOverview } from "@/lib/queries/deliveries";
import { retryDelivery } from "./actions";

export const metadata: Metadata = { title: "Доставка уведомлений", robots: { index: false } };

export default async function DeliveriesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [, overview, query] = await Promise.all([requireAdmin(), getDeliveryOverview(), searchParams]);
  const figures = [
    { label: "Ждут отправки", value: overview.waiting },
    { label: "Отправлено за сутки", value: overview.sent_today },
    { label: "Не доставлено", value: overview.failed },
  ];
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin" backLabel="К панели администратора" title="Доставка уведомлений" />
      <p className="text-muted-foreground">
        Письма и сообщения в Telegram отправляются в фоне. Если канал не отвечает, отправка повторяется несколько раз с паузами;
        здесь — то, что так и не удалось доставить.
      </p>
      {query.retried && <p role="status" className="rounded-lg border bg-muted/40 p-3 text-sm">Поставлено в очередь на отправку.</p>}
      {query.failed && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          Не удалось поставить в очередь. Обновите страницу и попробуйте ещё раз.
        </p>
      )}
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-xl border p-4">
            <dt className="text-sm text-muted-foreground">{figure.label}</dt>
            <dd className="text-2xl font-semibold">{figure.value.toLocaleString("ru-RU")}</dd>
          </div>
        ))}
      </dl>
      <h2 className="text-xl font-semibold">Не доставлено</h2>
      {overview.failures.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Всё доставлено</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Недоставленные уведомления">
          {overview.failures.map((failure) => (
            <li key={failure.id} className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 break-words">
                <p className="font-medium">
                  {describeNotification(failure.kind, {}).title} · {CHANNEL_LABELS[failure.channel]}
                </p>
                <p className="text-sm">{failure.full_name ? `${failure.full_name}, ${failure.email}` : failure.email}</p>
                <p className="text-sm text-muted-foreground">
                  {formatMoscowTime(failure.created_at)} · попыток: {failure.attempts}
                  {failure.last_error ? ` · ${describeDeliveryError(failure.last_error)}` : ""}
                </p>
              </div>
              <SafeForm action={retryDelivery.bind(null, failure.id)}>
                <Button type="submit" variant="outline">
                  <RotateCw aria-hidden />
                  Отправить ещё раз
                </Button>
              </SafeForm>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
