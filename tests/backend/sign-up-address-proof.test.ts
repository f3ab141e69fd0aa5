import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeThrown } from "@/lib/actions/errors";
import type { Database } from "@/lib/database.types";
import * as settings from "@/lib/mutations/settings";
import { PRIVACY_POLICY_VERSION } from "@/lib/validation/auth";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, serviceClient, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/**
 * A new account's address is proven before anything is sent or linked on its behalf (issue 41,
 * migration …1400). Someone signs up straight through Auth with a stranger's address, as an
 * attacker would: the school's welcome e-mail waits, Telegram cannot be linked, and nothing the
 * account's own token can call proves the address; only the link the app mailed does.
 */

const PASSWORD = "password123";
let backend: LocalBackend;
let service: SupabaseClient<Database>;

beforeAll(async () => {
  backend = await startTestBackend();
  service = serviceClient(backend);
});
afterAll(() => backend.close());

/** A sign-up straight to Auth with the public key: signed in at once, as the project confirms nothing. */
async function signedUp(label: string) {
  const client = anonClient(backend);
  const email = uniqueEmail(label);
  const { data, error } = await client.auth.signUp({
    email,
    password: PASSWORD,
    options: { data: { full_name: "Чужой Адрес", privacy_policy_version: PRIVACY_POLICY_VERSION } },
  });
  expect(error).toBeNull();
  expect(data.session).not.toBeNull();
  return { id: data.user!.id, email, client };
}

/** The welcome's e-mail delivery, read without embedding (the local REST API has no embedded resources). */
async function welcomeDelivery(userId: string) {
  const { data: notification } = await service.from("notifications").select("id").eq("user_id", userId).eq("kind", "welcome").single();
  const { data } = await service.from("notification_deliveries").select("status, next_attempt_at").eq("notification_id", notification!.id).eq("channel", "email");
  return data;
}

const claimable = async (userId: string) => {
  const { data } = await service.rpc("claim_deliveries", { _limit: 100, _lease_seconds: 60 });
  return (data ?? []).filter((row) => row.user_id === userId && row.channel === "email");
};

describe("a sign-up's address, before the proof", () => {
  it("its welcome e-mail waits: the worker does not claim it and the health check does not count it overdue", async () => {
    const stranger = await signedUp("welcome-waits");
    const [delivery] = (await welcomeDelivery(stranger.id))!;
    expect(delivery).toEqual({ status: "pending", next_attempt_at: "infinity" });
    expect(await claimable(stranger.id)).toEqual([]);
    const { data: health } = await service.rpc("notification_health", { _stale_minutes: 0 });
    expect((health as { overdue: number }).overdue).toBe(0);
  });

  it("Telegram cannot be linked with the account's own token", async () => {
    const stranger = await signedUp("no-telegram");
    const { data, error } = await stranger.client.rpc("create_telegram_link_token");
    expect(data).toBeNull();
    expect(error?.hint).toBe("email_unproven");
    const worded = await settings.createTelegramLinkToken(stranger.client).then(
      () => null,
      (thrown) => describeThrown(thrown, "сбой").error,
    );
    expect(worded).toBe("Сначала подтвердите адрес e-mail по ссылке из письма школы");
    // Nor with a token slipped into the table: the bot links nothing for the account.
    await service.from("telegram_link_tokens").insert({ user_id: stranger.id, token_hash: await sha256Hex("slipped"), expires_at: new Date(Date.now() + 600_000).toISOString() });
    expect((await service.rpc("link_telegram", { _token: "slipped", _chat_id: 5151, _username: "intruder" })).data).toBeNull();
    expect((await service.from("telegram_links").select("user_id").eq("user_id", stranger.id)).data).toEqual([]);
  });

  it("nothing its own token reaches proves the address", async () => {
    const stranger = await signedUp("self-proof");
    const issued = await stranger.client.rpc("issue_email_proof", { _user_id: stranger.id });
    expect(issued.error?.code).toBe("42501");
    await stranger.client.from("profiles").update({ email_unproven: false } as never).eq("id", stranger.id);
    expect((await stranger.client.from("email_proof_tokens" as never).select("*")).error?.code).toBe("42501");
    expect((await stranger.client.rpc("prove_email", { _token: "guess" })).data).toBe(false);
    const { data } = await service.from("profiles").select("email_unproven").eq("id", stranger.id).single();
    expect(data).toEqual({ email_unproven: true });
  });
});

describe("the proof", () => {
  it("the mailed link proves the address once: the waiting welcome e-mail goes, and Telegram can be linked", async () => {
    const owner = await signedUp("proven");
    const { data: token } = await service.rpc("issue_email_proof", { _user_id: owner.id });
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // A second letter within the minute is refused.
    expect((await service.rpc("issue_email_proof", { _user_id: owner.id })).error?.hint).toBe("email_proof_too_soon");

    expect((await anonClient(backend).rpc("prove_email", { _token: token! })).data).toBe(true);
    expect((await anonClient(backend).rpc("prove_email", { _token: token! })).data).toBe(false);
    const [delivery] = (await welcomeDelivery(owner.id))!;
    expect(delivery.next_attempt_at).not.toBe("infinity");
    expect(await claimable(owner.id)).toHaveLength(1);
    expect((await owner.client.rpc("create_telegram_link_token")).error).toBeNull();
    // Nothing more to prove: no new letter.
    expect((await service.rpc("issue_email_proof", { _user_id: owner.id })).data).toBeNull();
  });

  it("accounts the school makes itself through the Admin API are the school's word", async () => {
    const { data } = await service.auth.admin.createUser({ email: uniqueEmail("school-made"), password: PASSWORD, email_confirm: true });
    const { data: profile } = await service.from("profiles").select("email_unproven").eq("id", data.user!.id).single();
    expect(profile).toEqual({ email_unproven: false });
  });
});

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Buffer.from(digest).toString("hex");
}

describe("an account made without any metadata", () => {
  it("is created with its address counted as proven: it made no sign-up", async () => {
    const id = crypto.randomUUID();
    await backend.db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, null)`,
      [id, uniqueEmail("sql")],
    );
    const { rows } = await backend.db.query<{ email_unproven: boolean }>(`select email_unproven from public.profiles where id = $1`, [id]);
    expect(rows).toEqual([{ email_unproven: false }]);
  });
});
