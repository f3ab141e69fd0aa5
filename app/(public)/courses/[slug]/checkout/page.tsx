import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrivalToast } from "@/components/arrival-toast";
import { formatRubles } from "@/lib/payments/money";
import { getPublishedOffer } from "@/lib/queries/catalogue";
import { getSession } from "@/lib/supabase/server";
import { AuthForm } from "../../../_components/auth-form";
import { CheckoutForm } from "./checkout-form";

export const metadata: Metadata = { title: "Оформление заказа", robots: { index: false } };

interface Props {
  params: Promise<{ slug: string }>;
}

/**
 * The buyer's step before paying. A visitor signs in or registers right here (with the consent the
 * landing asks for) and comes back to this page; a signed-in buyer enters a promo code, accepts the
 * offer agreement and goes to pay.
 */
export default async function CheckoutPage({ params }: Props) {
  const { slug } = await params;
  const [offer, session] = await Promise.all([getPublishedOffer(slug), getSession()]);
  if (!offer) notFound();
  const here = `/courses/${offer.slug}/checkout`;
  return (
    <main id="main" className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-10 sm:px-6">
      <Link href={`/courses/${offer.slug}`} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        ← К описанию курса
      </Link>
      <h1 className="text-3xl font-bold tracking-tight break-words">{offer.title}</h1>
      <p className="text-xl font-semibold">{formatRubles(offer.price_kopecks)}</p>
      {session.kind === "user" ? (
        <CheckoutForm offerId={offer.id} price={formatRubles(offer.price_kopecks)} />
      ) : (
        <section aria-label="Вход или регистрация" className="flex flex-col gap-3">
          <p>Чтобы купить курс, войдите или зарегистрируйтесь: после этого вы вернётесь сюда.</p>
          <AuthForm next={here} />
        </section>
      )}
      <ArrivalToast />
    </main>
  );
}
