/**
 * Runs once when the app's server starts. With NOTIFICATIONS_WORKER=in-process (`npm run dev` and
 * the e2e stack set it) the notification worker runs inside the server; in production it runs as
 * `npm run worker` or through the cron route (docs/deployment-cron.md).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NOTIFICATIONS_WORKER !== "in-process") return;
  const { startInProcessWorker } = await import("./lib/notifications/in-process");
  startInProcessWorker();
}
