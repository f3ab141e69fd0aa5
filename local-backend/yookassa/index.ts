import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID } from "./credentials";
import { startNotifications, type Delivery } from "./notifications";
import { settle } from "./payments";
import { requestHandler } from "./routes";
import { clone, type Shop, type YookassaPayment, type YookassaRefund } from "./shop";

export { YOOKASSA_DEMO_SECRET_KEY, YOOKASSA_DEMO_SHOP_ID };
export type { Delivery } from "./notifications";
export type { PaymentStatus, YookassaEvent, YookassaNotification, YookassaPayment, YookassaRefund } from "./shop";

/**
 * A stand-in for ЮKassa's API v3 (yookassa.ru/developers/api) on its own port, as ЮKassa's API and
 * payment page are on their own address: payments with a redirect confirmation and a 54-FZ
 * receipt, their payment page with «Оплатить» and «Отменить», refunds, and the shop's notifications
 * (webhook) with retries. State is the provider's, so it lives in memory, one Map per server.
 */
export interface YookassaOptions {
  /** 0 picks a free port. */
  port: number;
  /**
   * When `port` is taken, listen on a free one instead (for a default port nobody asked for: the
   * returned `url` says where it is). An explicit port that is taken fails the start.
   */
  orFreePort?: boolean;
  /** The shop's notification URL (ЮKassa: a setting of the shop); null sends none. */
  webhookUrl?: string | null;
  /**
   * Waits between a notification's tries while the shop answers anything but 200 (ЮKassa retries
   * for 24 hours; here a few tries with a short backoff). Default 0.5 s, 1 s, 2 s, 4 s, 8 s.
   */
  retryDelaysMs?: number[];
  shopId?: string;
  secretKey?: string;
  log?: (line: string) => void;
}

export interface YookassaStandIn {
  /** `http://127.0.0.1:<port>`: the API is `<url>/v3`, the payment page `<url>/checkout/<id>`. */
  url: string;
  port: number;
  shopId: string;
  secretKey: string;
  /** Changes the shop's notification URL (ЮKassa: the shop's settings); null sends none. */
  setWebhookUrl(url: string | null): void;
  // Test-only hooks, for the app's tests: they read or act as the buyer would, without HTTP.
  /** Test-only: every payment as GET /v3/payments/{id} answers it, oldest first. */
  payments(): YookassaPayment[];
  /** Test-only: every refund, oldest first. */
  refunds(): YookassaRefund[];
  /** Test-only: what «Оплатить» does (then the notification is sent); null when unknown or settled. */
  pay(paymentId: string): YookassaPayment | null;
  /** Test-only: what «Отменить» does; null when unknown or settled. */
  cancel(paymentId: string): YookassaPayment | null;
  /** Test-only: every notification sent or being sent, oldest first. */
  deliveries(): Delivery[];
  /** Test-only: resolves once no notification is being sent or waiting for a retry. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function startYookassa(options: YookassaOptions): Promise<YookassaStandIn> {
  const log = options.log ?? (() => {});
  const shopId = options.shopId ?? YOOKASSA_DEMO_SHOP_ID;
  const notifications = startNotifications({ webhookUrl: options.webhookUrl ?? null, retryDelaysMs: options.retryDelaysMs, log });
  const shop: Shop = {
    shopId,
    secretKey: options.secretKey ?? YOOKASSA_DEMO_SECRET_KEY,
    recipient: { account_id: shopId, gateway_id: `${shopId}-gateway` },
    baseUrl: "",
    payments: new Map(),
    refunds: new Map(),
    notify: notifications.notify,
    log,
  };

  const handle = requestHandler(shop);
  const server = createServer((incoming, outgoing) => void handle(incoming, outgoing));
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(options.port).catch((error: NodeJS.ErrnoException) => {
    if (!options.orFreePort || error.code !== "EADDRINUSE") throw error;
    log(`ЮKassa: port ${options.port} is taken, listening on a free one`);
    return listen(0);
  });
  const port = (server.address() as AddressInfo).port;
  shop.baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: shop.baseUrl,
    port,
    shopId,
    secretKey: shop.secretKey,
    setWebhookUrl: notifications.setWebhookUrl,
    payments: () => [...shop.payments.values()].map((record) => clone(record.payment)),
    refunds: () => [...shop.refunds.values()].map(clone),
    pay: (id) => settle(shop, id, "succeeded"),
    cancel: (id) => settle(shop, id, "canceled"),
    deliveries: notifications.deliveries,
    settled: notifications.settled,
    async close() {
      notifications.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await notifications.settled();
    },
  };
}
