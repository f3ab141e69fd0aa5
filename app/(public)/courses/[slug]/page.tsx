import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LessonBodyHtml } from "@/components/course/lesson-body-html";
import { buttonVariants } from "@/components/ui/button";
import { renderLessonMarkdown } from "@/lib/domain/markdown";
import { accessDaysLabel, lessonsCountLabel } from "@/lib/domain/offers";
import { formatRubles, kopecksToDecimal } from "@/lib/payments/money";
import { getOfferPage } from "@/lib/queries/catalogue";
import { SITE_NAME, SITE_URL } from "@/lib/site";

interface Props {
  params: Promise<{ slug: string }>;
}

// Rendered per request from one indexed read of the published offers (no cookies: the same page for
// everyone). Not built ahead: a build does not reach the database, and an offer the owner publishes
// shows at once.
export const dynamic = "force-dynamic";

/** The first paragraph of the description, as plain text, for search results and link previews. */
const summaryOf = (markdown: string) => markdown.split(/\n\s*\n/)[0].replace(/[#*_`>[\]()]/g, "").trim().slice(0, 200);

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = await getOfferPage((await params).slug);
  if (!page) return { title: "Курс не найден" };
  const description = summaryOf(page.offer.description_md) || `${page.offer.title} — курс ${SITE_NAME}`;
  return {
    title: page.offer.title,
    description,
    alternates: { canonical: `/courses/${page.offer.slug}` },
    openGraph: { title: page.offer.title, description, type: "website", url: `${SITE_URL}/courses/${page.offer.slug}` },
  };
}

export default async function OfferPage({ params }: Props) {
  const page = await getOfferPage((await params).slug);
  if (!page) notFound();
  const { offer, program } = page;
  const url = `${SITE_URL}/courses/${offer.slug}`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Course",
    name: offer.title,
    description: summaryOf(offer.description_md) || offer.title,
    inLanguage: "ru",
    url,
    provider: { "@type": "Organization", name: SITE_NAME, sameAs: SITE_URL },
    offers: { "@type": "Offer", price: kopecksToDecimal(offer.price_kopecks), priceCurrency: "RUB", url, availability: "https://schema.org/InStock" },
  };
  const description = renderLessonMarkdown(offer.description_md);
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <Link href="/courses" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← Все курсы
      </Link>
      <h1 className="text-3xl font-bold tracking-tight break-words">{offer.title}</h1>
      {description && <LessonBodyHtml html={description} />}
      {program.length > 0 && (
        <section aria-labelledby="program-title" className="flex flex-col gap-3">
          <h2 id="program-title" className="text-xl font-semibold">
            Что откроется
          </h2>
          <ul className="flex flex-col gap-2">
            {program.map((item) => (
              <li key={item.item_id} className="flex flex-wrap items-baseline justify-between gap-2 rounded-lg border px-4 py-3">
                <span className="font-medium break-words">
                  {item.kind === "module" ? "Модуль" : "Инструмент"} «{item.title}»
                </span>
                <span className="text-sm text-muted-foreground">{lessonsCountLabel(item.lesson_count)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Цена" className="flex flex-col gap-3 rounded-xl border p-5">
        <p className="text-2xl font-bold">{formatRubles(offer.price_kopecks)}</p>
        <p className="text-sm text-muted-foreground">{accessDaysLabel(offer.access_days)}</p>
        <Link href={`/courses/${offer.slug}/checkout`} className={buttonVariants({ size: "lg" })}>
          Купить
        </Link>
      </section>
      <script
        type="application/ld+json"
        // JSON-LD must be raw JSON; `<` is escaped so a title cannot close the script.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }}
      />
    </main>
  );
}
