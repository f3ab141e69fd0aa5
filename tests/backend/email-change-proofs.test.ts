import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Mail } from "@/local-backend/mailbox";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * An address change needs both addresses (issue 41, migration …1300), whichever way it reaches
 * Supabase Auth. With the project's settings (confirmations off) Auth completes a change on the
 * first link followed; here a student asks Auth for a change with their own token, as an attacker
 * would, and follows links straight at /auth/v1/verify, never through the app.
 */

const PASSWORD = "password123";
let backend: LocalBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

async function mailTo(recipient: string): Promise<Mail> {
  const mails: Mail[] = await (await fetch(`${backend.url}/mailbox?format=json`)).json();
  const mine = mails.filter((mail) => mail.recipient === recipient);
  expect(mine).toHaveLength(1);
  return mine[0];
}

const tokenHashOf = (mail: Mail) => new URL(mail.link!).searchParams.get("token_hash")!;

/** A student who asked Auth, with their own token, to move their account to someone else's address. */
async function changeRequested(label: string) {
  const email = uniqueEmail(label);
  const { data } = await serviceClient(backend).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  const { client } = await signedIn(backend, email, PASSWORD);
  const wanted = uniqueEmail(`${label}-victim`);
  expect((await client.auth.updateUser({ email: wanted })).error).toBeNull();
  const [toCurrent, toNew] = [await mailTo(email), await mailTo(wanted)];
  return { id: data.user!.id, email, wanted, client, current: tokenHashOf(toCurrent), fresh: tokenHashOf(toNew) };
}

const addressOf = async (id: string) => (await serviceClient(backend).auth.admin.getUserById(id)).data.user?.email;

describe("an e-mail change around the app", () => {
  it("does not complete on the link mailed to the old address, followed straight at Auth", async () => {
    const change = await changeRequested("old-link");
    const verified = await anonClient(backend).auth.verifyOtp({ token_hash: change.current, type: "email_change" });
    expect(verified.error?.status).toBe(500);
    expect(verified.data.session).toBeNull();
    expect(await addressOf(change.id)).toBe(change.email);
    // The owner of the wanted address can still register with it.
    const owner = await anonClient(backend).auth.signUp({
      email: change.wanted,
      password: PASSWORD,
      options: { data: { full_name: "Хозяйка Адреса", privacy_policy_version: (await anonClient(backend).rpc("current_privacy_policy_version")).data } },
    });
    expect(owner.error).toBeNull();
  });

  it("does not complete on the new address's link alone either, by link or by GET", async () => {
    const change = await changeRequested("new-link");
    const verified = await anonClient(backend).auth.verifyOtp({ token_hash: change.fresh, type: "email_change" });
    expect(verified.error?.status).toBe(500);
    const followed = await fetch(`${backend.url}/auth/v1/verify?token=${change.fresh}&type=email_change&redirect_to=http://localhost:3000/auth/confirm`, {
      redirect: "manual",
    });
    expect(followed.headers.get("location")).toContain("error");
    expect(await addressOf(change.id)).toBe(change.email);
    expect((await change.client.auth.getUser()).data.user?.new_email).toBe(change.wanted);
  });

  it("one address proven through the app is not enough; both are, and the link then completes", async () => {
    const change = await changeRequested("both");
    const anon = anonClient(backend);
    expect((await anon.rpc("prove_email_change", { _token_hash: change.current })).data).toEqual({ side: "current", complete: false });
    expect((await change.client.rpc("email_change_state")).data).toEqual({ new_email: change.wanted, current_proven: true, new_proven: false });
    expect((await anon.auth.verifyOtp({ token_hash: change.current, type: "email_change" })).error?.status).toBe(500);
    expect(await addressOf(change.id)).toBe(change.email);

    expect((await anon.rpc("prove_email_change", { _token_hash: change.fresh })).data).toEqual({ side: "new", complete: true });
    const verified = await anon.auth.verifyOtp({ token_hash: change.fresh, type: "email_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email).toBe(change.wanted);
    const { data: profile } = await serviceClient(backend).from("profiles").select("email").eq("id", change.id).single();
    expect(profile?.email).toBe(change.wanted);
  });

  it("a proof belongs to its own request: a new request asks both addresses again", async () => {
    const change = await changeRequested("renewed");
    const anon = anonClient(backend);
    await anon.rpc("prove_email_change", { _token_hash: change.current });
    await anon.rpc("prove_email_change", { _token_hash: change.fresh });
    // The proofs table is nobody's to read or write through the API.
    expect((await change.client.from("email_change_proofs" as never).select("*")).error?.code).toBe("42501");
    const direct = await change.client.from("email_change_proofs" as never).insert({ user_id: change.id, token_hash: "x" } as never);
    expect(direct.error?.code).toBe("42501");
    expect((await anon.rpc("prove_email_change", { _token_hash: "0".repeat(56) })).data).toBeNull();
  });
});
