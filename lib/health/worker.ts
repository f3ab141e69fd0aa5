import { z } from "zod";
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

const workerStateSchema = z.object({ last_round: z.string().nullable(), overdue: z.number(), oldest_overdue: z.string().nullable() });

/** One call: public.notification_health answers for admins and the service role alike. */
export async function readWorkerState(reader: HealthClient, staleMinutes: number): Promise<WorkerState> {
  const { data, error } = await reader.rpc("notification_health", { _stale_minutes: staleMinutes });
  if (error) throw new Error(`notification_health: ${error.message}`);
  const state = workerStateSchema.parse(data);
  return { lastRound: state.last_round, overdue: state.overdue, oldestOverdue: state.oldest_overdue };
}

export async function checkWorker(service: HealthClient, staleMinutes: number, now = new Date()): Promise<HealthResult> {
  try {
    return workerVerdict(await readWorkerState(service, staleMinutes), now, staleMinutes);
  } catch (thrown) {
    return fail("worker", `не удалось прочитать состояние очереди: ${describeError(thrown)}`);
  }
}
