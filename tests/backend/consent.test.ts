import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVACY_POLICY_VERSION } from "@/lib/validation/auth";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, serviceClient, startTestBackend, uniqueEmail } from "@/local-backend/tests/harness";

/** Consent to the privacy policy, enforced by the database's Before User Created hook (config.toml). */
let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => backend?.close());

async function accountOf(email: string) {
  const { data } = await serviceClient(backend).from("profiles").select("id").eq("email", email).maybeSingle();
  return data;
}

describe("sign-up consent", () => {
  it("the form's version is the database's", async () => {
    const { data, error } = await anonClient(backend).rpc("current_privacy_policy_version");
    expect(error).toBeNull();
    expect(data).toBe(PRIVACY_POLICY_VERSION);
  });

  it.each([
    ["without any metadata", undefined],
    ["without the version", { full_name: "Без Согласия" }],
    ["with a version the client made up", { full_name: "Своя Версия", privacy_policy_version: "1999-01-01" }],
    ["with a non-text version", { privacy_policy_version: ["2026-11-22"] }],
  ])("is refused %s, and nothing is created", async (_, data) => {
    const email = uniqueEmail("no-consent");
    const { data: answer, error } = await anonClient(backend).auth.signUp({ email, password: "password123", options: { data } });
    expect(error?.status).toBe(400);
    expect(error?.message).toBe("Подтвердите согласие на обработку персональных данных");
    expect(answer.user).toBeNull();
    expect(await accountOf(email)).toBeNull();
  });

  it("with consent to the current version creates the account and records the database's version", async () => {
    const email = uniqueEmail("consent");
    const { data, error } = await anonClient(backend).auth.signUp({
      email,
      password: "password123",
      options: { data: { full_name: "С Согласием", privacy_policy_version: PRIVACY_POLICY_VERSION } },
    });
    expect(error).toBeNull();
    const { data: consents } = await serviceClient(backend).from("privacy_consents").select("policy_version").eq("user_id", data.user!.id);
    expect(consents).toEqual([{ policy_version: PRIVACY_POLICY_VERSION }]);
  });
});
