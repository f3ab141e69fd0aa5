import { PRIVACY_POLICY_VERSION } from "@/lib/validation/auth";
import { loadConfig } from "@/local-backend/config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { SignJWT, generateKeyPair, importJWK, type JWK } from "jose";
import type { LocalBackend } from "@/local-backend/server";
import { ANON_KEY, anonClient, latestMail, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "./harness";

let backend: LocalBackend;

beforeAll(async () => {
  // No reuse interval, so a reused refresh token is refused at once.
  backend = await startTestBackend({ refreshTokenReuseIntervalSeconds: 0 });
});
afterAll(() => backend.close());

/** GET /auth/v1/user as the server answers it (supabase-js turns session_not_found into a local sign-out). */
async function userEndpoint(accessToken: string) {
  const response = await fetch(`${backend.url}/auth/v1/user`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${accessToken}` },
  });
  return { status: response.status, code: (await response.json()).code };
}

describe("sign-up", () => {
  it("creates the user with its metadata, a profile and the student role, and returns a session", async () => {
    const email = uniqueEmail("signup");
    const { data, error } = await anonClient(backend).auth.signUp({
      email,
      password: "password123",
      options: { data: { full_name: "Новый Студент", privacy_policy_version: PRIVACY_POLICY_VERSION } },
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.user_metadata).toEqual({ full_name: "Новый Студент", privacy_policy_version: PRIVACY_POLICY_VERSION });
    const service = serviceClient(backend);
    const profile = await service.from("profiles").select("email, full_name, role").eq("id", data.user!.id).single();
    expect(profile.data).toEqual({ email, full_name: "Новый Студент", role: "student" });
    const roles = await service.from("user_roles").select("role").eq("user_id", data.user!.id);
    expect(roles.data).toEqual([{ role: "student" }]);
  });

  it("refuses an existing email and a weak password", async () => {
    const existing = await anonClient(backend).auth.signUp({ email: SEEDED.student.email, password: "password123" });
    expect(existing.error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
    const weak = await anonClient(backend).auth.signUp({ email: uniqueEmail(), password: "123" });
    expect(weak.error).toMatchObject({ status: 422, code: "weak_password" });
  });
});

describe("password sign-in", () => {
  it("signs in the seeded accounts and refuses a wrong password", async () => {
    const { user } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    expect(user.id).toBe(SEEDED.student.id);
    const wrong = await anonClient(backend).auth.signInWithPassword({ email: SEEDED.student.email, password: "nope-nope" });
    expect(wrong.error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    const unknown = await anonClient(backend).auth.signInWithPassword({ email: "nobody@example.com", password: "x" });
    expect(unknown.error?.code).toBe("invalid_credentials");
  });

  it("issues ES256 tokens with Supabase's claims that getClaims verifies with the JWKS", async () => {
    const { client, session } = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const [header] = session.access_token.split(".");
    const { alg, kid } = JSON.parse(Buffer.from(header, "base64url").toString());
    expect(alg).toBe("ES256");
    const jwks = await (await fetch(`${backend.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).toContain(kid);
    expect(jwks.keys[0].d).toBeUndefined();
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({
      sub: SEEDED.admin.id,
      role: "authenticated",
      aud: "authenticated",
      email: SEEDED.admin.email,
      aal: "aal1",
      is_anonymous: false,
    });
    expect(data!.claims.exp - data!.claims.iat).toBe(loadConfig().jwtExpirySeconds);
    expect(data!.claims.session_id).toBeTruthy();
  });
});

describe("tokens", () => {
  it("rotates refresh tokens; a reuse outside the interval revokes the session's tokens, as Supabase Auth does", async () => {
    const { client, session } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    const first = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    expect(first.error).toBeNull();
    const rotated = first.data.session!.refresh_token;
    expect(rotated).not.toBe(session.refresh_token);

    // The parent of the session's active token gets the active token back (a lost response).
    const parent = await anonClient(backend).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(parent.data.session?.refresh_token).toBe(rotated);

    const second = await anonClient(backend).auth.refreshSession({ refresh_token: rotated });
    expect(second.error).toBeNull();
    // The first token is now neither in the interval nor the active token's parent: a reuse.
    const reused = await anonClient(backend).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(reused.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
    // The whole family is revoked, the newest token included.
    const afterReuse = await anonClient(backend).auth.refreshSession({ refresh_token: second.data.session!.refresh_token });
    expect(afterReuse.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
  });

  it("refuses expired and forged access tokens", async () => {
    const now = Math.floor(Date.now() / 1000);
    // Expired, yet signed with the backend's own key: only a token we issued can be merely expired.
    const signing = (await backend.db.query<{ kid: string; private_jwk: JWK }>(`select kid, private_jwk from _local.signing_keys`)).rows[0];
    const expired = await new SignJWT({ sub: SEEDED.student.id, role: "authenticated", session_id: "x" })
      .setProtectedHeader({ alg: "ES256", kid: signing.kid, typ: "JWT" })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(await importJWK(signing.private_jwk, "ES256"));
    const { privateKey } = await generateKeyPair("ES256");
    const forged = await new SignJWT({ sub: SEEDED.admin.id, role: "authenticated", session_id: "x" })
      .setProtectedHeader({ alg: "ES256", kid: "someone-elses-key", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(privateKey);
    for (const token of [expired, forged]) {
      const user = await anonClient(backend).auth.getUser(token);
      expect(user.error).toMatchObject({ status: 403, code: "bad_jwt" });
      const rest = await fetch(`${backend.url}/rest/v1/profiles?select=id`, {
        headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}` },
      });
      expect(rest.status).toBe(401);
      expect((await rest.json()).code).toBe(token === expired ? "PGRST303" : "PGRST301");
    }
  });

  it("refuses requests without an API key", async () => {
    const response = await fetch(`${backend.url}/rest/v1/course_modules?select=id`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: "No API key found in request" });
  });
});

describe("user and session", () => {
  it("updates the password, signing out the user's other sessions", async () => {
    const email = uniqueEmail("password");
    await serviceClient(backend).auth.admin.createUser({ email, password: "old-password", email_confirm: true });
    const other = await signedIn(backend, email, "old-password");
    const current = await signedIn(backend, email, "old-password");
    const same = await current.client.auth.updateUser({ password: "old-password" });
    expect(same.error?.code).toBe("same_password");
    const updated = await current.client.auth.updateUser({ password: "new-password" });
    expect(updated.error).toBeNull();
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: "old-password" })).error?.code).toBe(
      "invalid_credentials",
    );
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: "new-password" })).error).toBeNull();
    expect(await userEndpoint(other.session.access_token)).toEqual({ status: 403, code: "session_not_found" });
    expect((await current.client.auth.getUser()).data.user?.email).toBe(email);
  });

  it("signs out, revoking the session's refresh tokens", async () => {
    const { client, session } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    expect((await client.auth.signOut()).error).toBeNull();
    const refreshed = await anonClient(backend).auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refreshed.error?.code).toBe("refresh_token_not_found");
    expect(await userEndpoint(session.access_token)).toEqual({ status: 403, code: "session_not_found" });
  });
});

describe("password recovery with PKCE", () => {
  it("the default link goes through /verify to the allowed redirect with a one-time code", async () => {
    const email = uniqueEmail("recover");
    await serviceClient(backend).auth.admin.createUser({ email, password: "password123", email_confirm: true });
    const storage = new Map<string, string>();
    const client = createClient(backend.url, ANON_KEY, {
      auth: {
        flowType: "pkce",
        autoRefreshToken: false,
        storage: {
          getItem: (key) => storage.get(key) ?? null,
          setItem: (key, value) => void storage.set(key, value),
          removeItem: (key) => void storage.delete(key),
        },
      },
    });
    const redirectTo = "http://localhost:3000/auth/confirm?next=%2Fauth%2Freset-password";
    expect((await client.auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const tokenHash = (await latestMail(backend, email)).link.match(/token_hash=(pkce_[0-9a-f]{56})/)![1];

    const link = `${backend.url}/auth/v1/verify?token=${tokenHash}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`;
    const verified = await fetch(link, { redirect: "manual" });
    expect(verified.status).toBe(303);
    const location = new URL(verified.headers.get("location")!);
    expect(location.origin + location.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(location.searchParams.get("next")).toBe("/auth/reset-password");
    const code = location.searchParams.get("code")!;

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);

    const again = await fetch(link, { redirect: "manual" });
    expect(new URL(again.headers.get("location")!).searchParams.get("error_code")).toBe("otp_expired");
    const reusedCode = await fetch(`${backend.url}/auth/v1/token?grant_type=pkce`, {
      method: "POST",
      headers: { apikey: ANON_KEY, "content-type": "application/json" },
      body: JSON.stringify({ auth_code: code, code_verifier: "0".repeat(112) }),
    });
    expect(reusedCode.status).toBe(404);
    expect((await reusedCode.json()).code).toBe("flow_state_not_found");
  });

  it("answers an unknown email like a known one and sends nothing", async () => {
    const before = (await (await fetch(`${backend.url}/mailbox?format=json`)).json()).length;
    const { error } = await anonClient(backend).auth.resetPasswordForEmail("nobody-here@example.com");
    expect(error).toBeNull();
    expect((await (await fetch(`${backend.url}/mailbox?format=json`)).json()).length).toBe(before);
  });
});

describe("admin endpoints", () => {
  it("create, list and delete users with the service role only", async () => {
    const service = serviceClient(backend);
    const email = uniqueEmail("admin-api");
    const created = await service.auth.admin.createUser({ email, password: "password123", email_confirm: true });
    expect(created.error).toBeNull();
    const listed = await service.auth.admin.listUsers({ perPage: 1000 });
    expect(listed.data.users.map((user) => user.email)).toContain(email);
    expect((await service.auth.admin.deleteUser(created.data.user!.id)).error).toBeNull();
    const profile = await service.from("profiles").select("id").eq("id", created.data.user!.id);
    expect(profile.data).toEqual([]);

    const { session } = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const asUser = await fetch(`${backend.url}/auth/v1/admin/users`, {
      headers: { apikey: ANON_KEY, Authorization: `Bearer ${session.access_token}` },
    });
    expect(asUser.status).toBe(403);
  });
});
