import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_LIMIT } from "@/lib/security/attempt-policy";
import { LINK_PROBLEMS } from "@/lib/domain/email-links";
import { RECOVERY_CODE_MAX_DIGITS, RECOVERY_CODE_MIN_DIGITS } from "@/lib/validation/limits";
import { loadConfig } from "@/local-backend/config";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, latestMail, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * Issue 41: the limits the app states hold on Auth's own paths, attacked as an attacker would,
 * with a bare anon client straight at the Auth API of a backend that runs the project's
 * config.toml (its hooks, otp_length and otp_expiry) and migrations. No app in between.
 */
let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => backend?.close());

const PASSWORD = "right-password-1";
const refusedMessage = "Слишком много неудачных попыток входа в этот аккаунт. Попробуйте позже или восстановите пароль";

async function newAccount(label: string) {
  const email = uniqueEmail(label);
  const { data, error } = await serviceClient(backend).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  if (error) throw error;
  return { email, id: data.user.id };
}

const keyOf = async (email: string) =>
  (await backend.db.query<{ key: string }>(`select public.sign_in_attempt_key($1) as key`, [email])).rows[0].key;

const counter = async (email: string) =>
  (await backend.db.query<{ attempts: number }>(`select attempts from public.auth_attempts where key = $1`, [await keyOf(email)])).rows[0]
    ?.attempts ?? 0;

/** Moves the account's last attempt into the past, as if the seconds had gone by. */
async function age(email: string, seconds: number) {
  await backend.db.query(
    `update public.auth_attempts set last_attempt_at = last_attempt_at - make_interval(secs => $2),
       window_started_at = window_started_at - make_interval(secs => $2) where key = $1`,
    [await keyOf(email), seconds],
  );
}

const direct = (email: string, password: string) => anonClient(backend).auth.signInWithPassword({ email, password });

/** What the app's sign-in action does before it calls Auth (lib/security/attempts.ts). */
async function appTakes(email: string, trusted: boolean) {
  const { data, error } = await serviceClient(backend).rpc("take_sign_in_attempt", { _email: email, _trusted: trusted });
  if (error) throw error;
  return data[0];
}

describe("the per-account sign-in limit, straight through Auth's /token", () => {
  it("after the app's limit of wrong passwords refuses the right one until the wait ends", async () => {
    const { email } = await newAccount("guessed");
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT.freeAttempts; attempt++) {
      const { error } = await direct(email, `wrong-${attempt}`);
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }
    const refused = await direct(email, PASSWORD);
    expect(refused.data.session).toBeNull();
    expect(refused.error).toMatchObject({ status: 400, code: "invalid_credentials", message: refusedMessage });
    // A wrong password gets the very same answer: the refusal tells nothing about the password.
    expect((await direct(email, "wrong-again")).error?.message).toBe(refusedMessage);
    // The app, on the same counter, says wait too.
    expect((await appTakes(email, false)).wait_seconds).toBeGreaterThan(25);

    await age(email, SIGN_IN_LIMIT.firstDelaySeconds + 1);
    const after = await direct(email, PASSWORD);
    expect(after.error).toBeNull();
    expect(after.data.session?.access_token).toBeTruthy();
    // A right password clears the counter, as the app's own sign-in does.
    expect(await counter(email)).toBe(0);
  });

  it("counts tries that come in parallel one by one", async () => {
    const { email } = await newAccount("burst");
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => direct(email, `wrong-${index}`)));
    const counted = answers.filter((answer) => answer.error?.message === "Invalid login credentials");
    expect(counted).toHaveLength(SIGN_IN_LIMIT.freeAttempts);
    expect(answers.filter((answer) => answer.error?.message === refusedMessage)).toHaveLength(10 - SIGN_IN_LIMIT.freeAttempts);
    expect((await direct(email, PASSWORD)).error?.message).toBe(refusedMessage);
  });

  it("counts an attempt the app took once, not again in Auth", async () => {
    const { email } = await newAccount("through-app");
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT.freeAttempts; attempt++) {
      expect(await appTakes(email, false)).toEqual({ wait_seconds: 0, attempts: attempt });
      expect((await direct(email, `wrong-${attempt}`)).error?.message).toBe("Invalid login credentials");
    }
    expect(await counter(email)).toBe(SIGN_IN_LIMIT.freeAttempts);
    expect((await appTakes(email, false)).wait_seconds).toBeGreaterThan(25);
  });

  it("lets a browser the account signed in on before through while strangers wait, and keeps their count", async () => {
    const { email } = await newAccount("trusted");
    for (let attempt = 1; attempt <= SIGN_IN_LIMIT.freeAttempts; attempt++) await direct(email, `wrong-${attempt}`);
    expect((await direct(email, PASSWORD)).error?.message).toBe(refusedMessage);

    expect(await appTakes(email, true)).toEqual({ wait_seconds: 0, attempts: 0 });
    const owner = await direct(email, PASSWORD);
    expect(owner.error).toBeNull();
    // The owner's sign-in hands the attacker no new tries, and the pass was spent.
    expect(await counter(email)).toBe(SIGN_IN_LIMIT.freeAttempts);
    expect((await direct(email, PASSWORD)).error?.message).toBe(refusedMessage);
  });

  it("keeps the owner's sessions when it refuses", async () => {
    const { email } = await newAccount("sessions");
    const { client } = await signedIn(backend, email, PASSWORD);
    for (let attempt = 0; attempt <= SIGN_IN_LIMIT.freeAttempts; attempt++) await direct(email, `wrong-${attempt}`);
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it("is closed to visitors and students: they can neither take a pass nor call the hook", async () => {
    const { email } = await newAccount("closed");
    const { client: student } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    for (const client of [anonClient(backend), student]) {
      expect((await client.rpc("take_sign_in_attempt", { _email: email, _trusted: true })).error?.code).toBe("42501");
      const hook = await client.rpc("password_verification_attempt_hook", { event: { user_id: SEEDED.student.id, valid: true } });
      expect(hook.error?.code).toBe("42501");
      expect((await client.from("auth_sign_in_passes").select("*")).data ?? []).toEqual([]);
    }
    const service = await serviceClient(backend).rpc("password_verification_attempt_hook", { event: { user_id: SEEDED.student.id, valid: true } });
    expect(service.error?.code).toBe("42501");
  });

  it("leaves no pass behind for long: sign-ins to addresses without an account are swept by the next attempt", async () => {
    await appTakes(uniqueEmail("nobody-here"), false);
    await backend.db.query(`update public.auth_sign_in_passes set expires_at = now() - interval '1 second' where expires_at > now()`);
    await appTakes(uniqueEmail("someone-else"), false);
    const { rows } = await backend.db.query<{ n: number }>(`select count(*)::int as n from public.auth_sign_in_passes where expires_at <= now()`);
    expect(rows[0].n).toBe(0);
  });
});

describe("recovery codes against Auth's per-address limits", () => {
  const config = loadConfig({});

  it("are as long and as short-lived as config.toml says, within what the app accepts", () => {
    expect(config.otpLength).toBe(10);
    expect(config.otpExpirySeconds).toBe(15 * 60);
    expect(config.otpLength).toBeGreaterThanOrEqual(RECOVERY_CODE_MIN_DIGITS);
    expect(config.otpLength).toBeLessThanOrEqual(RECOVERY_CODE_MAX_DIGITS);
    // What the letters and the spent-link page promise is that lifetime.
    for (const template of ["recovery", "confirmation", "email_change"]) {
      expect(readFileSync(`supabase/templates/${template}.html`, "utf8")).toContain("15 минут");
    }
    expect(LINK_PROBLEMS["used-or-expired"].explanation).toContain("15 минут");
  });

  it("sends a code of the configured length, which works while it lives", async () => {
    const { email } = await newAccount("code");
    expect((await anonClient(backend).auth.resetPasswordForEmail(email)).error).toBeNull();
    const code = /введите код (\d+)/.exec((await latestMail(backend, email)).body)?.[1];
    expect(code).toMatch(new RegExp(`^\\d{${config.otpLength}}$`));
    const { error } = await anonClient(backend).auth.verifyOtp({ email, token: code!, type: "recovery" });
    expect(error).toBeNull();
  });

  it("refuses a code once its lifetime has passed", async () => {
    const { email, id } = await newAccount("expired");
    await anonClient(backend).auth.resetPasswordForEmail(email);
    const code = /введите код (\d+)/.exec((await latestMail(backend, email)).body)![1];
    await backend.db.query(
      `update auth.one_time_tokens set created_at = created_at - make_interval(secs => $2) where user_id = $1`,
      [id, config.otpExpirySeconds + 1],
    );
    await backend.db.query(`update auth.users set recovery_sent_at = recovery_sent_at - make_interval(secs => $2) where id = $1`, [
      id,
      config.otpExpirySeconds + 1,
    ]);
    const { data, error } = await anonClient(backend).auth.verifyOtp({ email, token: code, type: "recovery" });
    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 403, code: "otp_expired" });
  });
});
