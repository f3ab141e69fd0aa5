import { formatMoscowTime } from "@/lib/domain/dates";
import { pluralRu } from "@/lib/domain/plural";
import { describeError, type HealthClient } from "./clients";
import { fail, ok, type HealthResult } from "./types";

/**
 * (g) The notification worker runs and keeps up. Each round begins with notify_scheduled_openings,
 * which moves notification_scan.scanned_until to the round's time, so that stamp is the start of
 * the last round that got past its first call; a delivery due (or a claim expired) longer than
 * the limit is one no round has managed to send.
 */

export interface WorkerState {
  /** The last round's start, or null when the table has no row (migrations not applied). */
  lastRound: string | null;
  overdue: number;
  /** When the longest-waiting overdue delivery became due. */
  oldestOverdue: string | null;
}

/** «45 с», «12 мин», «3 ч 5 мин», «2 дн». */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} с`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} ч ${minutes % 60} мин` : `${hours} ч`;
  return `${Math.floor(hours / 24)} дн`;
}

const RUN_IT = "запустите npm run worker или cron на /api/cron/notifications и посмотрите его журнал";

export function workerVerdict(state: WorkerState, now: Date, staleMinutes: number): HealthResult {
  if (!state.lastRound) return fail("worker", "в notification_scan нет записи: примените миграции (npx supabase db push)");
  const limitMs = staleMinutes * 60_000;
  const sinceRound = now.getTime() - new Date(state.lastRound).getTime();
  const problems: string[] = [];
  if (sinceRound > limitMs) {
    problems.push(`последний удачный круг был ${formatAge(sinceRound)} назад (${formatMoscowTime(state.lastRound)})`);
  }
  if (state.overdue > 0) {
    const waiting = pluralRu(state.overdue, { one: "уведомление ждёт", few: "уведомления ждут", many: "уведомлений ждут" });
    problems.push(`${waiting} отправки дольше ${staleMinutes} мин${state.oldestOverdue ? ` (самое давнее — с ${formatMoscowTime(state.oldestOverdue)})` : ""}`);
  }
  if (problems.length > 0) return fail("worker", `${problems.join("; ")}: ${RUN_IT}`);
  return ok("worker", `последний круг ${formatAge(sinceRound)} назад, дольше ${staleMinutes} мин ничего не ждёт`);
}

type Overdue = { count: number; oldest: string | null };

async function overdueWhere(service: HealthClient, status: "pending" | "sending", column: "next_attempt_at" | "lease_until", cutoff: string): Promise<Overdue> {
  const { data, count, error } = await service
    .from("notification_deliveries")
    .select(column, { count: "exact" })
    .eq("status", status)
    .lt(column, cutoff)
    .order(column)
    .limit(1);
  if (error) throw new Error(`notification_deliveries: ${error.message}`);
  const first = (data as Record<string, string>[] | null)?.[0];
  return { count: count ?? 0, oldest: first?.[column] ?? null };
}

export async function readWorkerState(service: HealthClient, now: Date, staleMinutes: number): Promise<WorkerState> {
  const cutoff = new Date(now.getTime() - staleMinutes * 60_000).toISOString();
  const [scan, pending, sending] = await Promise.all([
    service.from("notification_scan").select("scanned_until").maybeSingle(),
    overdueWhere(service, "pending", "next_attempt_at", cutoff),
    overdueWhere(service, "sending", "lease_until", cutoff),
  ]);
  if (scan.error) throw new Error(`notification_scan: ${scan.error.message}`);
  const oldest = [pending.oldest, sending.oldest].filter((at): at is string => at !== null).sort((a, b) => Date.parse(a) - Date.parse(b))[0] ?? null;
  return { lastRound: (scan.data as { scanned_until: string } | null)?.scanned_until ?? null, overdue: pending.count + sending.count, oldestOverdue: oldest };
}

export async function checkWorker(service: HealthClient, staleMinutes: number, now = new Date()): Promise<HealthResult> {
  try {
    return workerVerdict(await readWorkerState(service, now, staleMinutes), now, staleMinutes);
  } catch (thrown) {
    return fail("worker", `не удалось прочитать состояние очереди: ${describeError(thrown)}`);
  }
}
