import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeJwt, importJWK, SignJWT, type JWK, type JWTPayload } from "jose";
import { LEGACY_JWT_SECRET } from "@/local-backend/keys";
import type { LocalBackend } from "@/local-backend/server";
import {
  ANON_KEY,
  anonClient,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SEEDED,
  SERVICE_ROLE_KEY,
  serviceClient,
  signedIn,
  startTestBackend,
  uniqueEmail,
} from "./harness";

let backend: LocalBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

const BAD_SIGNATURE = "invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid";

/** A token signed with the CLI's public legacy secret: what anyone could mint. */
const withLegacySecret = (claims: JWTPayload) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(LEGACY_JWT_SECRET));

/** The claims of a token the backend issued, changed, and signed again with the backend's own key. */
async function reissued(token: string, changes: JWTPayload): Promise<string> {
  const signing = await backend.db.query<{ kid: string; private_jwk: JWK }>(`select kid, private_jwk from _local.signing_keys`);
  const { kid, private_jwk } = signing.rows[0];
  return new SignJWT({ ...decodeJwt(token), ...changes })
    .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
    .sign(await importJWK(private_jwk, "ES256"));
}

async function call(path: string, token: string, init: RequestInit = {}) {
  const response = await fetch(`${backend.url}${path}`, {
    ...init,
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, "content-type": "application/json" },
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

describe("the CLI's legacy secret opens nothing but its own two API keys", () => {
  it("refuses a user token signed with it: PostgREST's bad signature, Supabase Auth's bad_jwt", async () => {
    const { session } = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const forged = await withLegacySecret({ ...decodeJwt(session.access_token), iat: undefined, exp: undefined });
    const rest = await call("/rest/v1/profiles?select=id", forged);
    expect([rest.status, rest.body, rest.headers.get("www-authenticate")]).toEqual([
      401,
      { code: "PGRST301", message: "JWSError JWSInvalidSignature", details: null, hint: null },
      "Bearer",
    ]);
    const user = await call("/auth/v1/user", forged);
    expect([user.status, user.body.code, user.body.message]).toEqual([403, "bad_jwt", BAD_SIGNATURE]);
    expect((await anonClient(backend).auth.getUser(forged)).error).toMatchObject({ status: 403, code: "bad_jwt" });
  });

  it("refuses a forged service_role token at /admin, at PostgREST and as an API key", async () => {
    const forged = await withLegacySecret({ iss: "supabase", role: "service_role" });
    const admin = await call("/auth/v1/admin/users", forged);
    expect([admin.status, admin.body.code]).toEqual([403, "bad_jwt"]);
    const rest = await call("/rest/v1/user_roles?select=user_id", forged);
    expect([rest.status, rest.body.code]).toEqual([401, "PGRST301"]);
    const asKey = await fetch(`${backend.url}/rest/v1/user_roles?select=user_id`, { headers: { apikey: forged } });
    expect([asKey.status, (await asKey.json()).message]).toEqual([401, "Invalid API key"]);
  });

  it("still takes the CLI's anon and service_role keys, as keys and as Bearer tokens", async () => {
    const listed = await serviceClient(backend).auth.admin.listUsers();
    expect(listed.error).toBeNull();
    const roles = await call("/rest/v1/user_roles?select=user_id&limit=1", SERVICE_ROLE_KEY);
    expect([roles.status, roles.body.length]).toEqual([200, 1]);
    const anon = await call("/rest/v1/", ANON_KEY);
    expect(anon.status).toBe(200);
  });
});

describe("the opaque keys at Supabase Auth", () => {
  it("stand for their roles, as the gateway's swap makes them: the secret key administers, the publishable key has no user", async () => {
    const asKey = (key: string, path: string) =>
      fetch(`${backend.url}/auth/v1${path}`, { headers: { apikey: key, Authorization: `Bearer ${key}` } }).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      }));
    expect((await asKey(SECRET_KEY, "/admin/users")).status).toBe(200);
    const publishable = await asKey(PUBLISHABLE_KEY, "/admin/users");
    expect([publishable.status, publishable.body.code]).toEqual([403, "not_admin"]);
    const user = await asKey(PUBLISHABLE_KEY, "/user");
    expect([user.status, user.body.code, user.body.message]).toEqual([403, "bad_jwt", "invalid claim: missing sub claim"]);
  });
});

describe("an access token's session must be its own user's", () => {
  it("refuses a token whose session_id belongs to someone else, as if the session did not exist", async () => {
    const student = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    const admin = await signedIn(backend, SEEDED.admin.email, SEEDED.admin.password);
    const adminSession = decodeJwt(admin.session.access_token).session_id;
    const crossed = await reissued(student.session.access_token, { session_id: adminSession });
    const refusals = [
      await call("/auth/v1/user", crossed),
      await call("/auth/v1/user", crossed, { method: "PUT", body: JSON.stringify({ password: "new-password-123" }) }),
      await call("/auth/v1/logout?scope=local", crossed, { method: "POST" }),
    ];
    for (const { status, body } of refusals) {
      expect([status, body.code, body.message]).toEqual([403, "session_not_found", "Session from session_id claim in JWT does not exist"]);
    }
    expect((await admin.client.auth.getUser()).data.user?.id).toBe(SEEDED.admin.id);
    expect((await anonClient(backend).auth.signInWithPassword({ email: SEEDED.student.email, password: SEEDED.student.password })).error).toBeNull();
  });

  it("answers a vanished session, a malformed session_id or sub, an expired token, and /admin, as Supabase Auth does", async () => {
    const { session } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
    const cases = [
      { claims: { session_id: crypto.randomUUID() }, expected: [403, "session_not_found"] },
      { claims: { session_id: "not-a-uuid" }, expected: [403, "bad_jwt"] },
      { claims: { sub: "not-a-uuid" }, expected: [400, "bad_jwt"] },
    ];
    for (const { claims: changed, expected } of cases) {
      const token = await reissued(session.access_token, changed);
      const { status, body } = await call("/auth/v1/user", token);
      expect([status, body.code]).toEqual(expected);
    }
    const expired = await call("/auth/v1/user", await reissued(session.access_token, { exp: Math.floor(Date.now() / 1000) - 60 }));
    expect([expired.status, expired.body.message]).toEqual([
      403,
      "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
    ]);
    const ended = await reissued(session.access_token, { role: "service_role", session_id: crypto.randomUUID() });
    const admin = await call("/auth/v1/admin/users", ended);
    expect([admin.status, admin.body.code]).toEqual([403, "session_not_found"]);
  });
});

describe("security headers", () => {
  it("sends nosniff on every response: REST, Auth, errors, redirects, preflights", async () => {
    const responses = await Promise.all([
      fetch(`${backend.url}/rest/v1/course_modules?select=id`, { headers: { apikey: ANON_KEY } }),
      fetch(`${backend.url}/rest/v1/course_modules`),
      fetch(`${backend.url}/auth/v1/health`),
      fetch(`${backend.url}/auth/v1/token?grant_type=password`, { method: "POST", headers: { apikey: ANON_KEY }, body: "{}" }),
      fetch(`${backend.url}/auth/v1/verify?type=recovery&token=unknown`, { redirect: "manual" }),
      fetch(`${backend.url}/rest/v1/course_modules`, { method: "OPTIONS", headers: { origin: "http://localhost:3000" } }),
      fetch(`${backend.url}/nowhere`),
      fetch(`${backend.url}/mailbox`),
    ]);
    for (const response of responses) {
      expect([response.url, response.headers.get("x-content-type-options")]).toEqual([response.url, "nosniff"]);
    }
  });

  it("keeps the mailbox page from being framed, scripted or cached", async () => {
    for (const path of ["/mailbox", "/mailbox?format=json"]) {
      const response = await fetch(`${backend.url}${path}`);
      const policy = response.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("default-src 'none'");
      expect(policy).not.toContain("script-src");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("redirects chosen as Supabase Auth's GetReferrer chooses them", () => {
  const verifyLocation = async (redirectTo: string, referer?: string) => {
    const query = new URLSearchParams({ type: "recovery", token: "unknown", redirect_to: redirectTo });
    const response = await fetch(`${backend.url}/auth/v1/verify?${query}`, { redirect: "manual", headers: referer ? { referer } : {} });
    return response.headers.get("location")!.split("#")[0];
  };

  it("reads hosts as Go does, then falls back to an allowed Referer, then to the site URL", async () => {
    expect(await verifyLocation("http://localhost:3000/auth/confirm")).toBe("http://localhost:3000/auth/confirm");
    // A browser reads 127.1 as 127.0.0.1; Go's net.ParseIP does not, and no allow-list glob names it.
    expect(await verifyLocation("http://127.1:3000/auth/confirm")).toBe(new URL(backend.siteUrl).toString());
    expect(await verifyLocation("https://evil.example/", "http://127.0.0.1:3000/from")).toBe("http://127.0.0.1:3000/from");
  });
});

describe("the Before User Created Hook", () => {
  const HOOK = "hook_before_user_created";
  const HOOK_FAILED = `Error running hook URI: pg-functions://postgres/public/${HOOK}`;
  let hooked: LocalBackend;

  beforeAll(async () => {
    hooked = await startTestBackend({
      beforeUserCreatedHook: { schema: "public", name: HOOK, uri: `pg-functions://postgres/public/${HOOK}` },
    });
    // A hook as a hosted project declares one: executable by supabase_auth_admin only.
    await hooked.db.exec(`
      create table public.hook_events (event jsonb, called_as text, search_path text, statement_timeout text);
      grant insert on public.hook_events to supabase_auth_admin;
      create function public.${HOOK}(event jsonb) returns jsonb language plpgsql as $$
      declare domain text := split_part(event->'user'->>'email', '@', 2);
      begin
        insert into public.hook_events
          values (event, current_user, current_setting('search_path'), current_setting('statement_timeout'));
        if domain = 'broken.example' then
          raise exception 'the hook broke';
        end if;
        return case domain
          when 'blocked.example' then '{"error": {"http_code": 403, "message": "Регистрация с этого домена закрыта"}}'::jsonb
          when 'no-status.example' then '{"error": {"message": "Отказано"}}'::jsonb
          when 'no-message.example' then '{"error": {"http_code": 403}}'::jsonb
          when 'odd.example' then '"yes"'::jsonb
          when 'null.example' then null
          else '{}'::jsonb
        end;
      end $$;
      grant execute on function public.${HOOK}(jsonb) to supabase_auth_admin;
      revoke execute on function public.${HOOK}(jsonb) from public, anon, authenticated;`);
  });
  afterAll(() => hooked.close());

  interface HookCall {
    event: { metadata: Record<string, unknown>; user: Record<string, unknown> };
    called_as: string;
    search_path: string;
    statement_timeout: string;
  }
  const eventsFor = async (email: string) =>
    (await hooked.db.query<HookCall>(`select * from public.hook_events where event->'user'->>'email' = $1`, [email])).rows;
  const usersNamed = async (email: string) =>
    Number((await hooked.db.query<{ n: number }>(`select count(*)::int as n from auth.users where email = $1`, [email])).rows[0].n);
  const signUp = (email: string) =>
    fetch(`${hooked.url}/auth/v1/signup`, {
      method: "POST",
      headers: { apikey: ANON_KEY, "content-type": "application/json" },
      body: JSON.stringify({ email, password: "password123", data: { full_name: "Ученик" } }),
    });

  it("hands the function the user about to be created, as supabase_auth_admin in its settings, and lets {} through", async () => {
    const email = uniqueEmail("hooked");
    const { data, error } = await anonClient(hooked).auth.signUp({
      email: email.toUpperCase(),
      password: "password123",
      options: { data: { full_name: "Ученик" } },
    });
    expect(error).toBeNull();
    const [{ event, ...session }] = await eventsFor(email);
    expect(session).toEqual({ called_as: "supabase_auth_admin", search_path: "auth", statement_timeout: "2s" });
    expect(event.metadata).toEqual({ uuid: expect.any(String), time: expect.any(String), name: "before-user-created", ip_address: "127.0.0.1" });
    expect(Number.isNaN(Date.parse(String(event.metadata.time)))).toBe(false);
    expect(event.user).toEqual({
      id: data.user!.id,
      aud: "authenticated",
      role: "",
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { full_name: "Ученик" },
      identities: [],
      created_at: "0001-01-01T00:00:00Z",
      updated_at: "0001-01-01T00:00:00Z",
      is_anonymous: false,
    });
    // A null answer lets the user through too.
    expect((await signUp(uniqueEmail("x").replace("example.com", "null.example"))).status).toBe(200);
  });

  it("refuses with the function's status and message, code unknown, creating nothing", async () => {
    const email = uniqueEmail("refused").replace("example.com", "blocked.example");
    const { data, error } = await anonClient(hooked).auth.signUp({ email, password: "password123" });
    expect(error).toMatchObject({ status: 403, code: "unknown", message: "Регистрация с этого домена закрыта" });
    expect(data.user).toBeNull();
    const raw = await signUp(email);
    expect([raw.status, raw.headers.get("x-sb-error-code"), await raw.json()]).toMatchObject([
      403,
      null,
      { code: "unknown", message: "Регистрация с этого домена закрыта" },
    ]);
    expect(await usersNamed(email)).toBe(0);
    const profiles = await hooked.db.query(`select 1 from public.profiles where email = $1`, [email]);
    expect(profiles.rows).toEqual([]);
    // The hook's own transaction commits, whatever it answers.
    expect(await eventsFor(email)).toHaveLength(2);
  });

  it("answers what Supabase Auth answers for other refusals and for a failing function", async () => {
    const cases = [
      { domain: "no-status.example", status: 500, code: "unexpected_failure", message: "Отказано" },
      { domain: "odd.example", status: 500, code: "unexpected_failure", message: "Error unmarshaling JSON output." },
      { domain: "broken.example", status: 500, code: "unexpected_failure", message: HOOK_FAILED },
    ];
    for (const { domain, status, code, message } of cases) {
      const email = uniqueEmail("case").replace("example.com", domain);
      const response = await signUp(email);
      expect([response.status, await response.json()]).toMatchObject([status, { code, message }]);
      expect(await usersNamed(email)).toBe(0);
    }
    // An error without a message is no refusal (hookserrors.Check).
    const email = uniqueEmail("quiet").replace("example.com", "no-message.example");
    expect((await signUp(email)).status).toBe(200);
    expect(await usersNamed(email)).toBe(1);
  });

  it("fails closed when supabase_auth_admin may not execute the function", async () => {
    await hooked.db.exec(`revoke execute on function public.${HOOK}(jsonb) from supabase_auth_admin`);
    const email = uniqueEmail("no-grant");
    const response = await signUp(email);
    await hooked.db.exec(`grant execute on function public.${HOOK}(jsonb) to supabase_auth_admin`);
    expect([response.status, (await response.json()).message]).toEqual([500, HOOK_FAILED]);
    expect(await usersNamed(email)).toBe(0);
  });

  it("is not asked for an existing email, nor by the admin API (Supabase Auth's adminUserCreate skips it)", async () => {
    const again = await anonClient(hooked).auth.signUp({ email: SEEDED.student.email, password: "password123" });
    expect(again.error).toMatchObject({ status: 422, code: "user_already_exists" });
    expect(await eventsFor(SEEDED.student.email)).toEqual([]);
    const email = uniqueEmail("by-admin").replace("example.com", "blocked.example");
    const created = await serviceClient(hooked).auth.admin.createUser({ email, password: "password123", email_confirm: true });
    expect(created.error).toBeNull();
    expect(await eventsFor(email)).toEqual([]);
  });
});

describe("a custom access token hook's refusal", () => {
  it("carries the function's status with code unknown, as Supabase Auth sends it", async () => {
    const name = "refusing_token_hook";
    const refusing = await startTestBackend({ customAccessTokenHook: { schema: "public", name, uri: `pg-functions://postgres/public/${name}` } });
    await refusing.db.exec(`create function public.${name}(event jsonb) returns jsonb language sql as
        $$ select '{"error": {"http_code": 403, "message": "Вход закрыт"}}'::jsonb $$;
      grant execute on function public.${name}(jsonb) to supabase_auth_admin;`);
    const { data, error } = await anonClient(refusing).auth.signInWithPassword({ email: SEEDED.student.email, password: SEEDED.student.password });
    await refusing.close();
    expect([error?.status, error?.code, error?.message, data.session]).toEqual([403, "unknown", "Вход закрыт", null]);
  });
});
