import { clone, type YookassaEvent, type YookassaNotification, type YookassaPayment, type YookassaRefund } from "./shop";

/** One notification and what became of its tries (test-only view). */
export interface Delivery {
  url: string | null;
  notification: YookassaNotification;
  /** Each try's HTTP status, or null when the request failed (refused, timed out). */
  attempts: (number | null)[];
  state: "sending" | "delivered" | "failed" | "skipped";
}

const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
/** How long one try of a notification may take before it counts as failed. */
const WEBHOOK_TIMEOUT_MS = 10_000;

interface NotificationOptions {
  /** The shop's notification URL; null sends none. */
  webhookUrl: string | null;
  retryDelaysMs?: number[];
  log: (line: string) => void;
}

/** The shop's notifications (webhook): each one is sent in the background, with its retries. */
export function startNotifications(options: NotificationOptions) {
  const log = options.log;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  let webhookUrl = options.webhookUrl;
  const deliveries: Delivery[] = [];
  const sending = new Set<Promise<void>>();
  const stopping = new AbortController();

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (stopping.signal.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        stopping.signal.removeEventListener("abort", done);
        resolve();
      }
      stopping.signal.addEventListener("abort", done, { once: true });
    });
  }

  /** POSTs a notification to the shop until it answers 200, as ЮKassa does (here with a few tries). */
  async function deliver(delivery: Delivery): Promise<void> {
    const body = JSON.stringify(delivery.notification);
    for (let attempt = 0; attempt <= retryDelays.length; attempt++) {
      if (stopping.signal.aborted) break;
      try {
        const response = await fetch(delivery.url!, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": "YooKassa stand-in (local-backend)" },
          body,
          redirect: "manual",
          signal: AbortSignal.any([stopping.signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]),
        });
        await response.body?.cancel();
        delivery.attempts.push(response.status);
        if (response.status === 200) {
          delivery.state = "delivered";
          log(`ЮKassa: ${delivery.notification.event} delivered to ${delivery.url}`);
          return;
        }
      } catch {
        delivery.attempts.push(null);
      }
      if (attempt < retryDelays.length) await sleep(retryDelays[attempt]);
    }
    delivery.state = "failed";
    log(`ЮKassa: ${delivery.notification.event} not delivered to ${delivery.url} after ${delivery.attempts.length} tries`);
  }

  function notify(event: YookassaEvent, object: YookassaPayment | YookassaRefund) {
    const delivery: Delivery = {
      url: webhookUrl,
      notification: { type: "notification", event, object: clone(object) },
      attempts: [],
      state: webhookUrl ? "sending" : "skipped",
    };
    deliveries.push(delivery);
    if (!webhookUrl) return;
    const task = deliver(delivery).finally(() => sending.delete(task));
    sending.add(task);
  }

  async function settled(): Promise<void> {
    while (sending.size > 0) await Promise.allSettled([...sending]);
  }

  return {
    notify,
    setWebhookUrl(url: string | null) {
      webhookUrl = url;
    },
    deliveries: () => deliveries.map(clone),
    settled,
    /** Cuts the tries under way and the waits between them short; `settled()` then resolves soon. */
    stop: () => stopping.abort(),
  };
}
