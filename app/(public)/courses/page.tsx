import type { Metadata } from "next";
import Link from "next/link";
import { accessDaysLabel } from "@/lib/domain/offers";
import { formatRubles } from "@/lib/payments/money";
import { getCatalogue } from "@/lib/queries/catalogue";
import { SITE_NAME } from "@/lib/site";

export const metadata: Metadata = {
  title: "Курсы",
  description: `Курсы ${SITE_NAME}: что вы изучите, сколько это стоит и как начать`,
  alternates: { canonical: "/courses" },
};

// Rendered per request from one indexed read of the published offers (no cookies: the same page for
// everyone). Not built ahead: a build does not reach the database, and an offer the owner publishes
// shows at once.
export const dynamic = "force-dynamic";

export default async function CataloguePage() {
  const offers = await getCatalogue();
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10 sm:px-6">
      <Link href="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← На главную
      </Link>
      <h1 className="text-3xl font-bold tracking-tight">Курсы</h1>
      {offers.length === 0 ? (
        <p className="text-muted-foreground">Сейчас курсы не продаются. Загляните позже</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2">
          {offers.map((offer) => (
            <li key={offer.id} className="flex flex-col gap-3 rounded-xl border p-5">
              <h2 className="text-xl font-semibold break-words">
                <Link href={`/courses/${offer.slug}`} className="underline-offset-4 hover:underline">
                  {offer.title}
                </Link>
              </h2>
              <p className="text-lg font-medium">{formatRubles(offer.price_kopecks)}</p>
              <p className="text-sm text-muted-foreground">{accessDaysLabel(offer.access_days)}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
