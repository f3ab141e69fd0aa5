"use server";

import { redirect } from "next/navigation";
import { defineFormAction } from "@/lib/actions";
import { refundOrder } from "@/lib/payments/orders";
import { PaymentProviderError } from "@/lib/payments/provider";
import { receiptSettings } from "@/lib/payments/receipt";
import { yookassaFromEnv } from "@/lib/payments/yookassa";
import { createServiceClient } from "@/lib/supabase/server";
import { z } from "@/lib/validation/zod";
import { refundAmount, refundSchema } from "@/lib/validation/orders";

/** «Отметить оплаченным»: a bank transfer the owner received, with the same effect as a payment. */
export const markOrderPaid = defineFormAction(
  { role: "admin", schema: z.uuid(), bound: true, refused: "/admin/orders?result=failed" },
  async ({ data: orderId, supabase }) => {
    const { data, error } = await supabase.rpc("mark_order_paid", { _order_id: orderId });
    if (error) throw error;
    redirect(`/admin/orders?result=${data ? "paid" : "not-pending"}`);
  },
);

/** «Вернуть»: some or all of a paid order's money, through ЮKassa; a full refund closes its access. */
export const refundOrderPayment = defineFormAction(
  { role: "admin", schema: refundSchema, refused: "/admin/orders?result=failed" },
  async ({ data, user }) => {
    const amount = refundAmount(data.amount);
    if (amount === undefined) redirect("/admin/orders?result=bad-amount");
    const provider = yookassaFromEnv();
    if (!provider) redirect("/admin/orders?result=no-provider");
    let result;
    try {
      result = await refundOrder(createServiceClient(), provider, { orderId: data.orderId, amountKopecks: amount, adminId: user.id, receipt: receiptSettings() });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error("payments: a refund could not reach ЮKassa", error.detail);
      redirect("/admin/orders?result=provider-down");
    }
    redirect(`/admin/orders?result=${result.ok ? (result.full ? "refunded" : "partly-refunded") : result.reason}`);
  },
);
