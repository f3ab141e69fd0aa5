import { spawn } from "node:child_process";
import { Worker } from "node:worker_threads";
import { DEMO_ACCOUNTS } from "../local-backend/demo-accounts";
import { SECRET_KEY } from "../local-backend/keys";
import { ROOT } from "./next-app";

/**
 * A burst of simultaneous password sign-ins against a backend of its own, in its own process as
 * `npm run dev` runs it (no injected latency), each from its own address as the app forwards it,
 * while a reader asks /health every 10 ms: how fast the sign-ins go and how long the reader waits.
 */
// The reader asks every 10 ms from a thread of its own, so the time it measures is the backend's,
// not this thread's while it sends the burst.
const READER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
let reading = true;
parentPort.once("message", () => (reading = false));
(async () => {
  // The first fetch of a thread loads its HTTP client: not the backend's time.
  await fetch(workerData.url).then((response) => response.text());
  parentPort.postMessage("ready");
  const waits = [];
  while (reading) {
    const started = performance.now();
    await fetch(workerData.url).then((response) => response.text());
    waits.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  parentPort.postMessage(waits);
})();
`;

export async function signInBurst(count: number, port: number) {
  const backend = await startBackendProcess(port);
  const signIn = (index: number) =>
    fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: SECRET_KEY, "content-type": "application/json", "sb-forwarded-for": `198.19.${index >> 8}.${index & 255}` },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.student.email, password: DEMO_ACCOUNTS.student.password }),
    });
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  const reader = new Worker(READER_SOURCE, { eval: true, workerData: { url: `${backend.url}/health` } });
  await new Promise((resolve) => reader.once("message", resolve));
  const healthWaits = new Promise<number[]>((resolve) => reader.once("message", resolve));
  const started = performance.now();
  const signIns = await Promise.all(Array.from({ length: count }, (_, index) => timed(() => signIn(index).then((response) => response.text()))));
  const seconds = (performance.now() - started) / 1000;
  reader.postMessage("stop");
  backend.process.kill();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const worst = (values: number[]) => Math.max(...values);
  const waits = await healthWaits;
  await reader.terminate();
  return { perSecond: count / seconds, signInMedianMs: median(signIns), healthMedianMs: median(waits), healthWorstMs: worst(waits) };
}

async function startBackendProcess(port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "local-backend/main.ts"], {
    cwd: ROOT,
    stdio: "ignore",
    env: { ...process.env, LOCAL_BACKEND_DATA_DIR: "memory://", LOCAL_BACKEND_PORT: String(port), LOCAL_BACKEND_QUIET: "1" },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 120; attempt++) {
    if (child.exitCode !== null) break;
    if (await fetch(`${url}/health`).then((response) => response.ok).catch(() => false)) return { url, process: child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error(`the backend for the sign-in burst did not start on port ${port}`);
}
