import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { deliverAllDue, type Senders } from "./deliver";

export interface WorkerOptions {
  client: SupabaseClient<Database>;
  senders: Senders;
  /** Pause between rounds once nothing is due. */
  intervalMs: number;
  log?: (line: string) => void;
}

/**
 * Delivers notifications until stopped: `npm run worker` on a server, and inside the app's own
 * process under `npm run dev` (instrumentation.ts). Stopping lets the current round finish, so a
 * planned restart leaves no claim to wait out.
 */
export function startWorker({ client, senders, intervalMs, log = console.log }: WorkerOptions) {
  let stopped = false;
  let wake: (() => void) | null = null;
  const loop = (async () => {
    while (!stopped) {
      try {
        const summary = await deliverAllDue(client, senders);
        if (summary.claimed || summary.announced) log(`[worker] ${JSON.stringify(summary)}`);
      } catch (error) {
        log(`[worker] round failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (stopped) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, intervalMs).unref?.();
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
