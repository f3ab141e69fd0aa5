import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { RECOVERY_CODE_LIMIT, SIGN_IN_LIMIT } from "@/lib/security/attempt-policy";
import { anonClient, SEEDED, serviceClient, signedIn, startTestBackend } from "@/local-backend/tests/harness";

/** The app's own attempt counters (take_auth_attempt), through supabase-js as the app calls them. */
let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => backend?.close());

let keys = 0;
const newKey = () => `test:${Date.now()}:${keys++}`;

async function take(key: string, limit = SIGN_IN_LIMIT) {
  const { data, error } = await serviceClient(backend).rpc("take_auth_attempt", {
    _key: key,
    _window_seconds: limit.windowSeconds,
    _free_attempts: limit.freeAttempts,
    _first_delay_seconds: limit.firstDelaySeconds,
  });
  if (error) throw error;
  return data[0];
}

/** Moves a counter's last attempt into the past, as if the seconds had gone by. */
async function age(key: string, seconds: number) {
  await backend.db.query(
    `update public.auth_attempts set last_attempt_at = last_attempt_at - make_interval(secs => $2),
       window_started_at = window_started_at - make_interval(secs => $2) where key = $1`,
    [key, seconds],
  );
}

describe("take_auth_attempt", () => {
  it("lets the free attempts through, then refuses without counting until the wait has passed", async () => {
    const key = newKey();
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT.freeAttempts; attempt++) {
      expect(await take(key)).toEqual({ wait_seconds: 0, attempts: attempt });
    }
    const refused = await take(key);
    expect(refused.attempts).toBe(5);
    expect(refused.wait_seconds).toBeGreaterThan(28);
    expect(refused.wait_seconds).toBeLessThanOrEqual(30);
    expect((await take(key)).attempts).toBe(5);

    await age(key, 31);
    expect(await take(key)).toEqual({ wait_seconds: 0, attempts: 6 });
    // The next wait doubles.
    const doubled = await take(key);
    expect(doubled.wait_seconds).toBeGreaterThan(58);
    expect(doubled.wait_seconds).toBeLessThanOrEqual(60);
  });

  it("starts a new count once the window has passed", async () => {
    const key = newKey();
    for (let attempt = 0; attempt < 6; attempt++) await take(key);
    await age(key, SIGN_IN_LIMIT.windowSeconds + 1);
    expect(await take(key)).toEqual({ wait_seconds: 0, attempts: 1 });
  });

  it("spends a recovery code after five tries until it is cleared (a new e-mail)", async () => {
    const key = newKey();
    for (let attempt = 0; attempt < RECOVERY_CODE_LIMIT.freeAttempts; attempt++) await take(key, RECOVERY_CODE_LIMIT);
    const spent = await take(key, RECOVERY_CODE_LIMIT);
    expect(spent.wait_seconds).toBeGreaterThan(3500);
    const { error } = await serviceClient(backend).rpc("clear_auth_attempts", { _key: key });
    expect(error).toBeNull();
    expect(await take(key, RECOVERY_CODE_LIMIT)).toEqual({ wait_seconds: 0, attempts: 1 });
  });

  it("counts parallel attempts one by one", async () => {
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 12 }, () => take(key)));
    expect(answers.filter((answer) => answer.wait_seconds === 0)).toHaveLength(SIGN_IN_LIMIT.freeAttempts);
  });

  it("is closed to visitors and students: they can neither take, clear nor read a counter", async () => {
    const key = newKey();
    await take(key);
    const { client: student } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    for (const client of [anonClient(backend), student]) {
      const cleared = await client.rpc("clear_auth_attempts", { _key: key });
      expect(cleared.error?.code).toBe("42501");
      const taken = await client.rpc("take_auth_attempt", { _key: key, _window_seconds: 1, _free_attempts: 1000, _first_delay_seconds: 1 });
      expect(taken.error?.code).toBe("42501");
      const read = await client.from("auth_attempts").select("*");
      expect(read.data ?? []).toEqual([]);
    }
    expect((await take(key)).attempts).toBe(2);
  });
});
