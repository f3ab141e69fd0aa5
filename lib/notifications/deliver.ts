import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import type { DeliveryOutcome } from "./outcome";

/**
 * One round of the notification worker: announce the dates that passed, remind buyers of orders
 * left unpaid, claim the due deliveries
 * (a lease, `for update skip locked`, so several workers never take the same one), send each and
 * record what happened. A worker that dies mid-round leaves its claims to expire and be claimed
 * again: the message being sent at that moment may go once more, nothing is lost.
 */

export type ClaimedDelivery = Database["public"]["Functions"]["claim_deliveries"]["Returns"][number];

/** Sends one delivery on its channel. Never throws: whatever happens is an outcome. */
export type Sender = (delivery: ClaimedDelivery) => Promise<DeliveryOutcome>;

export interface Senders {
  email: Sender | null;
  telegram: Sender | null;
}

export interface RoundSummary {
  announced: number;
  /** Buyers told their order is still unpaid (remind_unpaid_orders). */
  reminded: number;
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

export interface RoundOptions {
  batch?: number;
  leaseSeconds?: number;
  /** How long after an order's payment began its buyer is reminded: ORDER_REMINDER_MINUTES, a day by default. */
  reminderMinutes?: number;
}

/** The school's reminder delay for unpaid orders (docs/deployment.md), in minutes. */
export function orderReminderMinutes(env: Record<string, string | undefined> = process.env): number {
  const minutes = Number(env.ORDER_REMINDER_MINUTES ?? 24 * 60);
  return Number.isInteger(minutes) && minutes >= 1 ? minutes : 24 * 60;
}

type Service = SupabaseClient<Database>;
type Finish = "sent" | "skipped" | "failed" | "retry";

async function finish(client: Service, delivery: ClaimedDelivery, outcome: Finish, error?: string, retryAfterSeconds?: number) {
  const { data, error: failure } = await client.rpc("finish_delivery", {
    _delivery_id: delivery.delivery_id,
    _outcome: outcome,
    _error: error,
    _retry_after_seconds: retryAfterSeconds,
  });
  if (failure) throw new Error(`finish_delivery ${delivery.delivery_id}: ${failure.message}`);
  return data;
}

/** Why a delivery is not sent at all, or null when it should be. */
function reasonToSkip(delivery: ClaimedDelivery, senders: Senders): string | null {
  if (!delivery.wanted) return "turned off by the recipient";
  if (!senders[delivery.channel]) return `channel ${delivery.channel} is not configured`;
  if (delivery.channel === "telegram" && delivery.chat_id == null) return "Telegram is no longer linked";
  if (delivery.channel === "email" && !delivery.email) return "no e-mail address";
  return null;
}

export async function deliverRound(client: Service, senders: Senders, options: RoundOptions = {}): Promise<RoundSummary> {
  const announced = await client.rpc("notify_scheduled_openings");
  if (announced.error) throw new Error(`notify_scheduled_openings: ${announced.error.message}`);
  const reminded = await client.rpc("remind_unpaid_orders", { _after_minutes: options.reminderMinutes ?? orderReminderMinutes() });
  if (reminded.error) throw new Error(`remind_unpaid_orders: ${reminded.error.message}`);
  const claimed = await client.rpc("claim_deliveries", { _limit: options.batch ?? 20, _lease_seconds: options.leaseSeconds ?? 120 });
  if (claimed.error) throw new Error(`claim_deliveries: ${claimed.error.message}`);

  const summary: RoundSummary = { announced: announced.data, reminded: reminded.data, claimed: claimed.data.length, sent: 0, retried: 0, failed: 0, skipped: 0 };
  for (const delivery of claimed.data) {
    const skip = reasonToSkip(delivery, senders);
    if (skip) {
      await finish(client, delivery, "skipped", skip);
      summary.skipped += 1;
      continue;
    }
    const outcome = await senders[delivery.channel]!(delivery);
    if (outcome.ok) {
      await finish(client, delivery, "sent");
      summary.sent += 1;
    } else if (outcome.permanent) {
      await finish(client, delivery, "failed", outcome.error);
      summary.failed += 1;
    } else {
      const status = await finish(client, delivery, "retry", outcome.error, outcome.retryAfterSeconds);
      if (status === "failed") summary.failed += 1;
      else summary.retried += 1;
    }
  }
  return summary;
}

/** Rounds until nothing more is due now (a full batch means more may be waiting). */
export async function deliverAllDue(client: Service, senders: Senders, options: RoundOptions & { maxRounds?: number } = {}) {
  const batch = options.batch ?? 20;
  const total: RoundSummary = { announced: 0, reminded: 0, claimed: 0, sent: 0, retried: 0, failed: 0, skipped: 0 };
  for (let round = 0; round < (options.maxRounds ?? 50); round += 1) {
    const summary = await deliverRound(client, senders, { ...options, batch });
    for (const key of Object.keys(total) as (keyof RoundSummary)[]) total[key] += summary[key];
    if (summary.claimed < batch) break;
  }
  return total;
}

/** The idempotency key of one event on one channel: the same after any number of attempts. */
export const deliveryKey = (delivery: Pick<ClaimedDelivery, "notification_id" | "channel">) =>
  `notification-${delivery.notification_id}-${delivery.channel}`;
