import { handleYookassaNotification } from "@/lib/payments/notifications";
import { PaymentProviderError } from "@/lib/payments/provider";
import { yookassaFromEnv } from "@/lib/payments/yookassa";
import { createServiceClient } from "@/lib/supabase/service";

/**
 * ЮKassa's notifications (set in the shop's dashboard: docs/deployment.md). A notification is a hint:
 * lib/payments/notifications.ts asks ЮKassa about the payment and acts on its answer, once.
 */
export async function POST(request: Request) {
  const provider = yookassaFromEnv();
  if (!provider) return Response.json({ error: "Оплата через ЮKassa не настроена" }, { status: 404 });
  const body: unknown = await request.json().catch(() => null);
  try {
    const answer = await handleYookassaNotification(body, createServiceClient(), provider);
    return Response.json(answer.status === 200 ? { ok: true, message: answer.message } : { error: answer.message }, { status: answer.status });
  } catch (error) {
    console.error("payments: a ЮKassa notification could not be handled", error instanceof PaymentProviderError ? error.detail : error);
    // ЮKassa sends it again for a day: by then the provider or the database answers.
    return Response.json({ error: "Сервис временно недоступен, уведомление будет принято позже" }, { status: 503 });
  }
}
