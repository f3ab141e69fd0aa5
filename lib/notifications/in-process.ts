import { SITE_URL } from "@/lib/site";
import { createServiceClient } from "@/lib/supabase/service";
import { configuredSenders } from "./senders";
import { startWorker } from "./worker";

const STARTED = Symbol.for("founder-school.notification-worker");
type WithWorker = typeof globalThis & { [STARTED]?: boolean };

/** The worker inside the app's own server (`npm run dev`, the e2e stack): once per process, hot reloads included. */
export function startInProcessWorker() {
  const scope = globalThis as WithWorker;
  if (scope[STARTED]) return;
  scope[STARTED] = true;
  const worker = startWorker({
    client: createServiceClient(),
    senders: configuredSenders(SITE_URL),
    intervalMs: Number(process.env.NOTIFICATIONS_WORKER_INTERVAL_MS ?? 5_000),
    // Sends are news under `npm run dev`; elsewhere only what went wrong is.
    log: (line) => {
      if (process.env.NODE_ENV === "development" || /"(failed|retried)":[1-9]|round failed/.test(line)) console.log(line);
    },
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void worker.stop());
}
