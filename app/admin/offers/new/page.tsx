import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/page-header";
import { requireAdmin } from "@/lib/auth";
import { getOfferEditor } from "@/lib/queries/offers";
import { OfferForm } from "../_components/offer-form";

export const metadata: Metadata = { title: "Новое предложение", robots: { index: false } };

export default async function NewOfferPage() {
  const [, { groups }] = await Promise.all([requireAdmin(), getOfferEditor(null)]);
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <PageHeader backHref="/admin/offers" backLabel="К курсам в продаже" title="Новое предложение" />
      {groups.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
          Предложение продаёт участие в группе, а групп пока нет.{" "}
          <Link href="/admin/groups" className="font-medium text-primary underline-offset-4 hover:underline">
            Создайте группу
          </Link>
        </p>
      ) : (
        <OfferForm groups={groups} />
      )}
    </main>
  );
}
