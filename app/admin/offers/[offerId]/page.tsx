import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ExternalLink } from "lucide-react";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { requireAdmin } from "@/lib/auth";
import { isUuid } from "@/lib/domain/paths";
import { getOfferEditor } from "@/lib/queries/offers";
import { DeleteOfferButton } from "../_components/delete-offer-button";
import { OfferForm } from "../_components/offer-form";

export const metadata: Metadata = { title: "Предложение", robots: { index: false } };

export default async function OfferPage({ params }: { params: Promise<{ offerId: string }> }) {
  const { offerId } = await params;
  if (!isUuid(offerId)) notFound();
  const [, { offer, groups }] = await Promise.all([requireAdmin(), getOfferEditor(offerId)]);
  if (!offer) notFound();
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin/offers" backLabel="К курсам в продаже" title={offer.title}>
        {offer.is_published && (
          <Button asChild variant="outline">
            <Link href={`/courses/${offer.slug}`}>
              <ExternalLink aria-hidden />
              Открыть страницу курса
            </Link>
          </Button>
        )}
        <DeleteOfferButton offer={offer} />
      </PageHeader>
      {/* Keyed by what was saved: a refresh after a save shows the stored values again. */}
      <OfferForm key={`${offer.id}:${offer.slug}:${offer.is_published}`} offer={offer} groups={groups} />
    </main>
  );
}
