import { z } from "zod";
import { decimalToKopecks, kopecksToDecimal } from "./money";
import { PaymentProviderError, type PaymentProvider, type PaymentRequest, type ProviderPayment, type ProviderRefund, type RefundRequest } from "./provider";

/**
 * ЮKassa's API v3 (../shared/docs/payments-ru.md): HTTP Basic with the shop's id and secret key, an
 * Idempotence-Key on every POST, amounts as decimal strings. A thin adapter over fetch rather than an
 * SDK: the SDK ЮKassa lists was last changed in 2022 and lacks the receipt's `measure`.
 */

export interface YookassaSettings {
  apiUrl: string;
  shopId: string;
  secretKey: string;
}

const amount = z.object({ value: z.string(), currency: z.string() });

const paymentSchema = z.object({
  id: z.string().min(1),
  status: z.enum(["pending", "waiting_for_capture", "succeeded", "canceled"]),
  amount,
  metadata: z.record(z.string(), z.unknown()).nullish(),
  confirmation: z.object({ confirmation_url: z.string().optional() }).passthrough().nullish(),
});

const refundSchema = z.object({
  id: z.string().min(1),
  payment_id: z.string().min(1),
  status: z.enum(["pending", "succeeded", "canceled"]),
  amount,
});

function kopecksOf(value: string): number {
  const kopecks = decimalToKopecks(value);
  if (kopecks === null) throw new PaymentProviderError(`ЮKassa answered an amount that is not a decimal: ${value}`);
  return kopecks;
}

function toPayment(answer: z.infer<typeof paymentSchema>): ProviderPayment {
  const orderId = answer.metadata?.order_id;
  return {
    id: answer.id,
    status: answer.status,
    amountKopecks: kopecksOf(answer.amount.value),
    currency: answer.amount.currency,
    orderId: typeof orderId === "string" ? orderId : null,
    confirmationUrl: answer.status === "pending" ? (answer.confirmation?.confirmation_url ?? null) : null,
  };
}

const toRefund = (answer: z.infer<typeof refundSchema>): ProviderRefund => ({
  id: answer.id,
  paymentId: answer.payment_id,
  status: answer.status,
  amountKopecks: kopecksOf(answer.amount.value),
});

export function yookassa(settings: YookassaSettings): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.secretKey}`).toString("base64")}`;

  /** One call; a 404 answers null, anything else that is not 200 is the provider's error. */
  async function call<T>(method: "GET" | "POST", path: string, schema: z.ZodType<T>, body?: unknown, idempotenceKey?: string): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(idempotenceKey ? { "idempotence-key": idempotenceKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`ЮKassa unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.status === 404 && method === "GET") return null;
    if (!response.ok) throw new PaymentProviderError(`ЮKassa ${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new PaymentProviderError(`ЮKassa ${method} ${path} answered what is not JSON: ${text.slice(0, 200)}`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`ЮKassa ${method} ${path} answered an unexpected body: ${text.slice(0, 500)}`);
    return parsed.data;
  }

  return {
    name: "yookassa",
    async createPayment(request: PaymentRequest) {
      const answer = await call(
        "POST",
        "/payments",
        paymentSchema,
        {
          amount: { value: kopecksToDecimal(request.amountKopecks), currency: "RUB" },
          capture: true,
          confirmation: { type: "redirect", return_url: request.returnUrl },
          description: [...request.description].slice(0, 128).join(""),
          metadata: { order_id: request.orderId },
          receipt: request.receipt,
        },
        request.idempotenceKey,
      );
      return toPayment(answer!);
    },
    async getPayment(id: string) {
      const answer = await call("GET", `/payments/${encodeURIComponent(id)}`, paymentSchema);
      return answer && toPayment(answer);
    },
    async createRefund(request: RefundRequest) {
      const body = {
        payment_id: request.paymentId,
        amount: { value: kopecksToDecimal(request.amountKopecks), currency: "RUB" },
        ...(request.receipt ? { receipt: request.receipt } : {}),
      };
      return toRefund((await call("POST", "/refunds", refundSchema, body, request.idempotenceKey))!);
    },
    async getRefund(id: string) {
      const answer = await call("GET", `/refunds/${encodeURIComponent(id)}`, refundSchema);
      return answer && toRefund(answer);
    },
  };
}

/** ЮKassa from the environment (docs/deployment.md); null while the shop is not configured. */
export function yookassaFromEnv(env: Record<string, string | undefined> = process.env): PaymentProvider | null {
  if (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY) return null;
  return yookassa({ apiUrl: env.YOOKASSA_API_URL ?? "https://api.yookassa.ru/v3", shopId: env.YOOKASSA_SHOP_ID, secretKey: env.YOOKASSA_SECRET_KEY });
}
