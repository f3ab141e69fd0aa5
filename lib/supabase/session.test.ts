import { AuthRetryableFetchError } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { verifySession, type DataClient } from "./session";

/** The tagged session state from an Auth client's answers: who the cookies belong to, or that Auth is unreachable. */

// Nothing listens here: fetching the signing keys fails quietly (getClaims is the fake's).
beforeAll(() => {
  vi.stubEnv("NEXT_PUBLIC_SUPABASE_URL", "http://127.0.0.1:1");
  vi.stubEnv("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY", "sb_publishable_test");
});
afterAll(() => vi.unstubAllEnvs());

const outage = () => new AuthRetryableFetchError("fetch failed", 0);

function auth(answers: { session?: { access_token: string } | null; sessionError?: Error; claims?: object | null; claimsError?: Error }) {
  return {
    getSession: async () => ({ data: { session: answers.session ?? null }, error: answers.sessionError ?? null }),
    getClaims: async () => ({ data: answers.claims ? { claims: answers.claims } : null, error: answers.claimsError ?? null }),
  } as unknown as DataClient["auth"];
}

const session = { access_token: "header.payload.signature" };
const claims = { sub: "6b0b2c1e-0000-4000-8000-000000000001", email: "student@example.com" };

describe("verifySession", () => {
  it("is a user with the role their token names", async () => {
    expect(await verifySession(auth({ session, claims: { ...claims, user_role: "admin" } }))).toEqual({
      kind: "user",
      user: { id: claims.sub, email: "student@example.com", role: "admin" },
      accessToken: session.access_token,
    });
  });

  it("is anonymous without a session, or with a token that does not verify", async () => {
    expect(await verifySession(auth({ session: null }))).toEqual({ kind: "anonymous" });
    expect(await verifySession(auth({ session, claims: null, claimsError: new Error("Invalid JWT signature") }))).toEqual({ kind: "anonymous" });
    expect(await verifySession(auth({ session, claims: { email: "x@example.com" } }))).toEqual({ kind: "anonymous" });
  });

  it("is unavailable when Auth cannot be reached: an outage, not a signed-out visitor", async () => {
    expect(await verifySession(auth({ sessionError: outage() }))).toEqual({ kind: "unavailable" });
    expect(await verifySession(auth({ session, claimsError: outage() }))).toEqual({ kind: "unavailable" });
  });
});
