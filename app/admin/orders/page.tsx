import type { Metadata } from "next";
import Link from "next/link";
import { SafeForm } from "@/components/forms/safe-form";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { requireAdmin } from "@/lib/auth";
import { formatMoscowTime } from "@/lib/domain/dates";
import { ORDER_ACTION_RESULTS, ORDER_STATUS_LABELS, orderEventLabel } from "@/lib/domain/order-admin";
import { formatRubles, kopecksToDecimal } from "@/lib/payments/money";
import { firstParam } from "@/lib/domain/paths";
import { getOrdersPage, ORDERS_SHOWN } from "@/lib/queries/orders";
import { RevenueSection } from "../_components/revenue-section";
import { ORDER_STATUSES, orderFiltersQuery, parseOrderFilters } from "@/lib/validation/orders";
import { markOrderPaid, refundOrderPayment } from "./actions";

export const metadata: Metadata = { title: "Заказы", robots: { index: false } };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** «Заказы»: who bought what, for how much, and where each order stands; a bank transfer and refunds. */
export default async function OrdersPage({ searchParams }: Props) {
  const params = await searchParams;
  const filters = parseOrderFilters(params);
  const { status } = filters;
  const [, page] = await Promise.all([requireAdmin(), getOrdersPage(filters)]);
  const result = ORDER_ACTION_RESULTS[firstParam(params.result) ?? ""];
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin" backLabel="К панели администратора" title="Заказы" />
      {result && (
        <p
          role={result.failed ? "alert" : "status"}
          className={result.failed ? "rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive" : "rounded-lg border bg-muted/40 p-3 text-sm"}
        >
          {result.text}
        </p>
      )}
      <RevenueSection days={page.revenue} />
      <form method="get" action="/admin/orders" className="flex flex-wrap items-end gap-3 text-sm" aria-label="Отбор заказов">
        {status && <input type="hidden" name="status" value={status} />}
        <label className="flex flex-col gap-1">
          Курс
          <select name="offer" defaultValue={filters.offerId ?? ""} className="h-9 rounded-md border bg-background px-2">
            <option value="">все курсы</option>
            {page.offers.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1">
          С (МСК)
          <Input type="date" name="from" defaultValue={filters.from ?? ""} className="h-9 w-40" />
        </label>
        <label className="flex flex-col gap-1">
          По (МСК)
          <Input type="date" name="to" defaultValue={filters.to ?? ""} className="h-9 w-40" />
        </label>
        <Button type="submit" variant="outline">
          Показать
        </Button>
      </form>
      <nav aria-label="Статус заказа" className="flex flex-wrap gap-2 text-sm">
        {[null, ...ORDER_STATUSES].map((value) => (
          <Link
            key={value ?? "all"}
            href={`/admin/orders${orderFiltersQuery(filters, { status: value })}`}
            aria-current={value === status ? "page" : undefined}
            className="rounded-full border px-3 py-1.5 aria-[current=page]:border-primary aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
          >
            {value ? ORDER_STATUS_LABELS[value] : "все"}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-muted-foreground">{page.total > ORDERS_SHOWN ? `Последние ${ORDERS_SHOWN} из ${page.total}` : `Заказов: ${page.total}`}</p>
        <a href={`/admin/orders/export${orderFiltersQuery(filters)}`} className="font-medium text-primary underline-offset-4 hover:underline" download>
          Скачать CSV
        </a>
      </div>
      {page.orders.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Заказов пока нет</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Заказы">
          {page.orders.map((order) => {
            const left = order.amount_kopecks - order.refunded_kopecks;
            return (
              <li key={order.id} className="flex flex-col gap-3 rounded-lg border p-4 lg:flex-row lg:items-center lg:justify-between" data-testid="order-row">
                <div className="min-w-0 break-words">
                  <p className="font-medium">
                    Заказ №{order.number} · {order.title} · {formatRubles(order.amount_kopecks)}
                  </p>
                  <p className="text-sm">{order.buyer_email}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatMoscowTime(order.created_at)} · {ORDER_STATUS_LABELS[order.status]}
                    {order.refunded_kopecks > 0 ? ` · возвращено ${formatRubles(order.refunded_kopecks)}` : ""}
                  </p>
                  {order.events.length > 0 && (
                    <details className="mt-1 text-sm">
                      <summary className="cursor-pointer text-muted-foreground">История заказа</summary>
                      <ol className="mt-1 flex flex-col gap-0.5">
                        {order.events.map((event, index) => (
                          <li key={index}>
                            {formatMoscowTime(event.created_at)} · {orderEventLabel(event.kind, event.detail)}
                          </li>
                        ))}
                      </ol>
                    </details>
                  )}
                </div>
                {order.status === "pending" && (
                  <SafeForm action={markOrderPaid.bind(null, order.id)}>
                    <Button type="submit" variant="outline">
                      Отметить оплаченным
                    </Button>
                  </SafeForm>
                )}
                {(order.status === "paid" || order.status === "partially_refunded") && left > 0 && (
                  <SafeForm action={refundOrderPayment} className="flex items-end gap-2">
                    <input type="hidden" name="orderId" value={order.id} />
                    <label className="flex flex-col gap-1 text-sm">
                      Сумма возврата, ₽
                      <Input name="amount" inputMode="decimal" placeholder={kopecksToDecimal(left).replace(".", ",")} className="w-36" />
                    </label>
                    <Button type="submit" variant="outline" aria-label={`Вернуть деньги за заказ №${order.number}`}>
                      Вернуть
                    </Button>
                  </SafeForm>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
