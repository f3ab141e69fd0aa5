"use server";

import { redirect } from "next/navigation";
import { defineStateAction, fail } from "@/lib/actions";
import { startCheckout } from "@/lib/payments/orders";
import { PaymentProviderError } from "@/lib/payments/provider";
import { receiptSettings } from "@/lib/payments/receipt";
import { yookassaFromEnv } from "@/lib/payments/yookassa";
import { SITE_URL } from "@/lib/site";
import { createServiceClient } from "@/lib/supabase/server";
import { checkoutSchema, OFFER_TERMS_VERSION } from "@/lib/validation/checkout";

/**
 * «Перейти к оплате»: the order at the server's price for the signed-in buyer, then ЮKassa's payment
 * page (or the order's page for a free course). The service role places it: orders are written by
 * the payment code alone, never by a buyer's token.
 */
export const buyOffer = defineStateAction({ role: "student", schema: checkoutSchema, shown: ["code"] }, async ({ data, user }) => {
  const provider = yookassaFromEnv();
  if (!provider) return fail("Оплата пока не подключена. Напишите школе, чтобы купить курс");
  let result;
  try {
    result = await startCheckout(createServiceClient(), provider, {
      userId: user.id,
      offerId: data.offerId,
      code: data.code,
      termsVersion: OFFER_TERMS_VERSION,
      siteUrl: SITE_URL,
      receipt: receiptSettings(),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error("payments: checkout could not reach ЮKassa", error.detail);
    return fail(error.message);
  }
  if (!result.ok) return fail(result.error, result.field ? { [result.field]: result.error } : undefined);
  redirect(result.redirect);
});
