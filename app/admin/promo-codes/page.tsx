import type { Metadata } from "next";
import { SafeForm } from "@/components/forms/safe-form";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { requireAdmin } from "@/lib/auth";
import { formatMoscowShort } from "@/lib/domain/dates";
import { pluralRu } from "@/lib/domain/plural";
import { formatRubles } from "@/lib/payments/money";
import { getPromoCodesPage } from "@/lib/queries/promo-codes";
import { switchPromoCode } from "./actions";
import { PromoCodeForm } from "./promo-code-form";

export const metadata: Metadata = { title: "Промокоды", robots: { index: false } };

/** «Промокоды»: the owner creates codes and switches them off; each says its discount, course, uses and end. */
export default async function PromoCodesPage({ searchParams }: { searchParams: Promise<{ result?: string }> }) {
  const [, page, params] = await Promise.all([requireAdmin(), getPromoCodesPage(), searchParams]);
  const titles = new Map(page.offers.map((offer) => [offer.id, offer.title]));
  const now = new Date();
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin/orders" backLabel="К заказам" title="Промокоды" />
      {params.result === "created" && (
        <p role="status" className="rounded-lg border bg-muted/40 p-3 text-sm">
          Промокод создан
        </p>
      )}
      {params.result === "failed" && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
          Не удалось изменить промокод. Обновите страницу и попробуйте ещё раз
        </p>
      )}
      <PromoCodeForm offers={page.offers} />
      {page.codes.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">Промокодов пока нет</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Промокоды">
          {page.codes.map((code) => (
            <li key={code.id} className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="promo-row">
              <div className="min-w-0 break-words">
                <p className="font-medium">
                  {code.code} · {code.percent_off ? `−${code.percent_off} %` : `−${formatRubles(code.amount_off_kopecks ?? 0)}`}
                  {code.is_active ? "" : " · выключен"}
                </p>
                <p className="text-sm text-muted-foreground">
                  {code.offer_ids?.length ? code.offer_ids.map((id) => titles.get(id) ?? "курс").join(", ") : "для всех курсов"} · использован{" "}
                  {code.max_uses ? `${code.uses} из ${code.max_uses}` : pluralRu(code.uses, { one: "раз", few: "раза", many: "раз" })}
                  {code.expires_at ? ` · ${new Date(code.expires_at) <= now ? "истёк" : "до"} ${formatMoscowShort(code.expires_at, now)}` : ""}
                </p>
              </div>
              <SafeForm action={switchPromoCode.bind(null, { id: code.id, active: !code.is_active })}>
                <Button type="submit" variant="outline">
                  {code.is_active ? "Выключить" : "Включить"}
                </Button>
              </SafeForm>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
