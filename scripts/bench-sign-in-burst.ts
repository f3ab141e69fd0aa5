import { DEMO_ACCOUNTS } from "../supabase/local/demo-accounts";
import { SECRET_KEY, startLocalBackend } from "../supabase/local/server";

/**
 * A burst of simultaneous password sign-ins against a backend of its own (no injected latency),
 * each from its own address as the app forwards it, while a reader keeps asking /health: how fast
 * the sign-ins go and how long the reader waits meanwhile.
 */
export async function signInBurst(count: number) {
  const backend = await startLocalBackend({ dataDir: "memory://", port: 0, log: () => {} });
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
  let bursting = true;
  const healthWaits: number[] = [];
  const reader = (async () => {
    while (bursting) healthWaits.push(await timed(() => fetch(`${backend.url}/health`).then((response) => response.text())));
  })();
  const started = performance.now();
  const signIns = await Promise.all(Array.from({ length: count }, (_, index) => timed(() => signIn(index).then((response) => response.text()))));
  const seconds = (performance.now() - started) / 1000;
  bursting = false;
  await reader;
  await backend.close();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const worst = (values: number[]) => Math.max(...values);
  return { perSecond: count / seconds, signInMedianMs: median(signIns), healthMedianMs: median(healthWaits), healthWorstMs: worst(healthWaits) };
}
