import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader, PageShell } from "@/components/page-header";
import { buttonVariants } from "@/components/ui/button";
import { requireUser } from "@/lib/auth";
import { orderView } from "@/lib/domain/orders";
import { isUuid } from "@/lib/domain/paths";
import { settlePayment } from "@/lib/payments/orders";
import { PaymentProviderError } from "@/lib/payments/provider";
import { yookassaFromEnv } from "@/lib/payments/yookassa";
import { formatRubles } from "@/lib/payments/money";
import { getOrder } from "@/lib/queries/catalogue";
import { createServiceClient } from "@/lib/supabase/server";

export const metadata: Metadata = { title: "Заказ", robots: { index: false } };

interface Props {
  params: Promise<{ orderId: string }>;
}

/**
 * Where ЮKassa returns the buyer. A pending order asks ЮKassa about its payment here too, so the
 * course opens as soon as the payment has, whether or not the notification has come yet; while it
 * is still processing, the page asks again every few seconds.
 */
export default async function OrderPage({ params }: Props) {
  const [{ orderId }] = await Promise.all([params, requireUser()]);
  let order = isUuid(orderId) ? await getOrder(orderId) : null;
  const provider = yookassaFromEnv();
  if (order?.status === "pending" && order.payment_id && provider) {
    try {
      await settlePayment(createServiceClient(), provider, order.payment_id);
      order = await getOrder(orderId);
    } catch (error) {
      // The page says the order waits; the next refresh asks again.
      console.error("payments: the order page could not ask ЮKassa", error instanceof PaymentProviderError ? error.detail : error);
    }
  }
  if (!order) {
    return (
      <PageShell>
        <PageHeader backHref="/dashboard" backLabel="К выбору трека" title="Заказ не найден" />
        <p className="text-muted-foreground">Такого заказа нет среди ваших. Проверьте ссылку или напишите школе</p>
      </PageShell>
    );
  }
  const view = orderView(order);
  return (
    <PageShell>
      {view.waiting && <meta httpEquiv="refresh" content="3" />}
      <PageHeader backHref="/dashboard" backLabel="К выбору трека" title={view.title} />
      <p role="status">{view.description}</p>
      <p className="text-muted-foreground">
        {order.offer?.title ?? "Курс"} · {formatRubles(order.amount_kopecks)}
      </p>
      {order.status === "paid" || order.status === "partially_refunded" ? (
        <Link href="/dashboard" className={buttonVariants({ size: "lg", className: "self-start" })}>
          Перейти к обучению
        </Link>
      ) : order.status === "canceled" && order.offer ? (
        <Link href={`/courses/${order.offer.slug}/checkout`} className={buttonVariants({ size: "lg", className: "self-start" })}>
          Попробовать ещё раз
        </Link>
      ) : null}
    </PageShell>
  );
}
