import type { Metadata } from "next";
import Link from "next/link";
import { ArrowDown, ArrowUp, Plus } from "lucide-react";
import { SafeForm } from "@/components/forms/safe-form";
import { PageHeader } from "@/components/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { requireAdmin } from "@/lib/auth";
import { accessDaysLabel } from "@/lib/domain/offers";
import { formatRubles } from "@/lib/payments/money";
import { getOffers } from "@/lib/queries/offers";
import { moveOffer } from "./actions";

export const metadata: Metadata = { title: "Курсы в продаже", robots: { index: false } };

export default async function OffersPage({ searchParams }: { searchParams: Promise<{ result?: string }> }) {
  const [, offers, params] = await Promise.all([requireAdmin(), getOffers(), searchParams]);
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin" backLabel="К панели администратора" title="Курсы в продаже">
        <Button asChild>
          <Link href="/admin/offers/new">
            <Plus aria-hidden />
            Новое предложение
          </Link>
        </Button>
      </PageHeader>
      <p className="text-muted-foreground">
        Предложение продаёт участие в группе: покупатель после оплаты попадает в неё и получает доступ группы. Черновик в каталоге не виден и
        не продаётся.
      </p>
      {params.result === "failed" && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          Не удалось переставить предложение. Обновите страницу и попробуйте ещё раз
        </p>
      )}
      {offers.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Предложений пока нет</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Предложения">
          {offers.map((offer, index) => (
            <li key={offer.id} className="flex items-stretch gap-2" data-testid="offer-row">
              <Link
                href={`/admin/offers/${offer.id}`}
                className="flex min-w-0 flex-1 flex-col gap-1 rounded-lg border bg-card p-4 outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:flex-row sm:items-center sm:gap-4"
              >
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="font-medium break-words">{offer.title}</span>
                  <span className="text-sm text-muted-foreground">
                    {offer.groupName ? `Группа «${offer.groupName}»` : "Группа не найдена"} · {accessDaysLabel(offer.access_days)}
                  </span>
                </span>
                <span className="font-medium whitespace-nowrap">{formatRubles(offer.price_kopecks)}</span>
                {offer.is_published ? <Badge variant="secondary">В продаже</Badge> : <Badge variant="draft">Черновик</Badge>}
              </Link>
              <div className="flex flex-col justify-center gap-1">
                <SafeForm action={moveOffer.bind(null, { id: offer.id, direction: "up" })}>
                  <Button type="submit" variant="ghost" size="icon" aria-label={`Выше: ${offer.title}`} disabled={index === 0}>
                    <ArrowUp aria-hidden />
                  </Button>
                </SafeForm>
                <SafeForm action={moveOffer.bind(null, { id: offer.id, direction: "down" })}>
                  <Button type="submit" variant="ghost" size="icon" aria-label={`Ниже: ${offer.title}`} disabled={index === offers.length - 1}>
                    <ArrowDown aria-hidden />
                  </Button>
                </SafeForm>
              </div>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
