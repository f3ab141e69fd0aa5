import { createClient, type JwtPayload } from "@supabase/supabase-js";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openSession, sealSession, signingKeys, type VerifiedSession } from "@/lib/supabase/verified-session";
import { startLocalBackend, type LocalBackend } from "@/local-backend/server";
import { PUBLISHABLE_KEY, SEEDED, signedIn } from "@/local-backend/tests/harness";

/** The process-wide signing keys and the claims the proxy hands the page, against the local Auth. */

let backend: LocalBackend;
const requests: string[] = [];
const jwksFetches = () => requests.filter((line) => line.includes("/.well-known/jwks.json")).length;
const resetProcessState = () => {
  delete (globalThis as { [key: symbol]: unknown })[Symbol.for("founder-school.verified-session")];
};

beforeAll(async () => {
  backend = await startLocalBackend({ dataDir: "memory://", port: 0, log: (line) => requests.push(line) });
  vi.stubEnv("NEXT_PUBLIC_SUPABASE_URL", backend.url);
  vi.stubEnv("NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY", PUBLISHABLE_KEY);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await backend.close();
});
beforeEach(() => {
  resetProcessState();
  requests.length = 0;
});
afterEach(() => vi.restoreAllMocks());

describe("signing keys", () => {
  it("are fetched once per process, however many verify at once", async () => {
    const [first, second] = await Promise.all([signingKeys(), signingKeys()]);
    await signingKeys();
    expect(first.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    expect(jwksFetches()).toBe(1);
  });

  it("verify a session's token with no further request, and refuse a forged one", async () => {
    const keys = await signingKeys();
    const { session } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    const auth = createClient(backend.url, PUBLISHABLE_KEY, { auth: { persistSession: false } }).auth;
    requests.length = 0;
    const { data } = await auth.getClaims(session.access_token, { keys });
    expect(data?.claims.sub).toBe(SEEDED.student.id);
    const [header, payload, signature] = session.access_token.split(".");
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), user_role: "admin" })).toString("base64url");
    const forged = await auth.getClaims(`${header}.${forgedPayload}.${signature}`, { keys });
    expect(forged.data).toBeNull();
    expect(forged.error?.message).toBe("Invalid JWT signature");
    expect(requests).toEqual([]);
  });

  it("once stale, are refreshed in the background while the known keys keep answering", async () => {
    const keys = await signingKeys();
    const later = Date.now() + 11 * 60 * 1000;
    vi.spyOn(Date, "now").mockReturnValue(later);
    requests.length = 0;
    expect(await signingKeys()).toEqual(keys);
    await vi.waitFor(() => expect(jwksFetches()).toBe(1));
    await signingKeys();
    expect(jwksFetches()).toBe(1);
  });
});

describe("the session from the proxy", () => {
  const now = Math.floor(Date.now() / 1000);
  const claims: JwtPayload = {
    iss: "http://127.0.0.1:54321/auth/v1",
    aud: "authenticated",
    sub: SEEDED.student.id,
    role: "authenticated",
    aal: "aal1",
    session_id: "00000000-0000-4000-8000-000000000001",
    iat: now,
    exp: now + 3600,
  };
  const verified: VerifiedSession = { claims, accessToken: "header.payload.signature" };

  const session = [
    { name: "sb-127-auth-token", value: "base64-session" },
    { name: "theme", value: "dark" },
  ];

  it("are read back as sealed, for a signed-in and a signed-out visitor", () => {
    expect(openSession(sealSession(verified, session), [...session].reverse())).toEqual(verified);
    expect(openSession(sealSession(null, []), [])).toBeNull();
  });

  it("are not trusted when missing, altered, sealed by another process or expired", () => {
    const sealed = sealSession(verified, session);
    const [, signature] = sealed.split(".");
    const altered = Buffer.from(JSON.stringify({ ...verified, claims: { ...claims, sub: SEEDED.admin.id } })).toString("base64url");
    expect(openSession(null, session)).toBeUndefined();
    expect(openSession("garbage", session)).toBeUndefined();
    expect(openSession(`${altered}.${signature}`, session)).toBeUndefined();
    const expired = { ...verified, claims: { ...claims, exp: Math.floor(Date.now() / 1000) - 1 } };
    expect(openSession(sealSession(expired, session), session)).toBeUndefined();
    resetProcessState();
    expect(openSession(sealed, session)).toBeUndefined();
  });

  it("are not trusted once the session cookies changed, as after a sign-out in a server action", () => {
    const sealed = sealSession(verified, session);
    expect(openSession(sealed, [{ name: "sb-127-auth-token", value: "" }, session[1]])).toBeUndefined();
    expect(openSession(sealed, [session[1]])).toBeUndefined();
    // Other cookies are not the session's.
    expect(openSession(sealed, [session[0], { name: "theme", value: "light" }])).toEqual(verified);
  });
});
