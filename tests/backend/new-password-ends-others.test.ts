import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "@/lib/database.types";
import type { LocalBackend } from "@/local-backend/server";
import { ANON_KEY, anonClient, serviceClient, signedIn, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * A recovery or a password change leaves an intruder nothing (issue 41, migration …1200): someone
 * who registered a stranger's address (or knew the old password) linked their own Telegram and
 * kept a session; once the owner recovers the account and sets a new password, straight through
 * Supabase Auth with their own token as much as through the app, the intruder's chat is unlinked
 * and the intruder's session ends.
 */

const PASSWORD = "password123";
let backend: LocalBackend;
let service: SupabaseClient<Database>;

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
});
afterAll(() => backend.close());

/** An account whose intruder linked their Telegram chat and kept a session. */
async function takenOver(label: string) {
  const email = uniqueEmail(label);
  const { data } = await service.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  const id = data.user!.id;
  const intruder = await signedIn(backend, email, PASSWORD);
  // Linked as the bot links it (link_telegram), with a token the database issued for the account.
  const { data: token, error } = await service.from("telegram_link_tokens").insert({ user_id: id, token_hash: "unused", expires_at: new Date(Date.now() + 600_000).toISOString() }).select();
  expect(error).toBeNull();
  expect(token).toHaveLength(1);
  await service.from("telegram_links").insert({ user_id: id, chat_id: Math.floor(Math.random() * 1e9), username: "intruder" });
  return { id, email, intruder };
}

const linkOf = async (id: string) => (await service.from("telegram_links").select("username").eq("user_id", id).maybeSingle()).data;
const tokensOf = async (id: string) => (await service.from("telegram_link_tokens").select("token_hash").eq("user_id", id)).data;

async function sessionEnded(session: { access_token: string; refresh_token: string }) {
  const { error } = await anonClient(backend).auth.refreshSession({ refresh_token: session.refresh_token });
  expect(error?.status).toBe(400);
  const asked = await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: ANON_KEY, authorization: `Bearer ${session.access_token}` } });
  expect(asked.status).toBe(403);
  expect((await asked.json()).error_code).toBe("session_not_found");
}

describe("a new password", () => {
  it("set straight through Auth with the owner's own token unlinks Telegram and ends the other sessions", async () => {
    const account = await takenOver("password-change");
    const owner = await signedIn(backend, account.email, PASSWORD);
    expect(await linkOf(account.id)).toEqual({ username: "intruder" });

    expect((await owner.client.auth.updateUser({ password: "a-new-password-1" })).error).toBeNull();
    expect(await linkOf(account.id)).toBeNull();
    expect(await tokensOf(account.id)).toEqual([]);
    await sessionEnded(account.intruder.session);
    // The owner's own session goes on.
    expect((await owner.client.auth.getUser()).data.user?.id).toBe(account.id);
  });

  it("after a recovery by the e-mailed link, unlinks the intruder's chat and ends the intruder's session", async () => {
    const account = await takenOver("recovery");
    const { data: link } = await service.auth.admin.generateLink({ type: "recovery", email: account.email });
    const recovering = anonClient(backend);
    const verified = await recovering.auth.verifyOtp({ token_hash: link.properties!.hashed_token, type: "recovery" });
    expect(verified.error).toBeNull();
    expect((await recovering.auth.updateUser({ password: "recovered-password-1" })).error).toBeNull();
    expect(await linkOf(account.id)).toBeNull();
    await sessionEnded(account.intruder.session);
  });

  it("leaves the chat linked when only the name changes", async () => {
    const account = await takenOver("metadata");
    expect((await account.intruder.client.auth.updateUser({ data: { theme: "dark" } })).error).toBeNull();
    expect(await linkOf(account.id)).toEqual({ username: "intruder" });
  });
});
