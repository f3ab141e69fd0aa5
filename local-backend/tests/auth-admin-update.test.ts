import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseGoDuration } from "@/local-backend/auth/admin-update";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, SEEDED, SERVICE_ROLE_KEY, serviceClient, signedIn, startTestBackend, TEST_DATABASES, uniqueEmail } from "./harness";

/**
 * PUT /auth/v1/admin/users/{id} as Supabase Auth's adminUserUpdate (internal/api/admin.go), through
 * supabase-js's auth.admin.updateUserById, on PGlite and on PostgreSQL.
 */
describe.each(TEST_DATABASES)("on %s", (database) => {
  let backend: LocalBackend;

  beforeAll(async () => {
    backend = await startTestBackend({}, database);
  });
  afterAll(() => backend.close());

  const admin = () => serviceClient(backend).auth.admin;

  async function newUser(options: { confirmed?: boolean; metadata?: object } = {}) {
    const email = uniqueEmail("update");
    const { data, error } = await admin().createUser({
      email,
      password: "password123",
      email_confirm: options.confirmed ?? true,
      user_metadata: options.metadata ?? { full_name: "Иван Петров" },
    });
    if (error) throw error;
    return { email, id: data.user!.id };
  }

  async function row(id: string) {
    const result = await backend.db.query<{
      email: string;
      phone: string | null;
      role: string;
      banned_until: Date | null;
      email_confirmed_at: Date | null;
      raw_user_meta_data: Record<string, unknown>;
      raw_app_meta_data: Record<string, unknown>;
    }>(`select email, phone, role, banned_until, email_confirmed_at, raw_user_meta_data, raw_app_meta_data from auth.users where id = $1`, [id]);
    return result.rows[0];
  }

  const identity = async (id: string, provider: string) =>
    (
      await backend.db.query<{ identity_data: Record<string, unknown> }>(
        `select identity_data from auth.identities where user_id = $1 and provider = $2`,
        [id, provider],
      )
    ).rows[0]?.identity_data;

  /** A request supabase-js would not send (bad JSON, a wrong type), straight to the endpoint. */
  const put = (id: string, body: string) =>
    fetch(`${backend.url}/auth/v1/admin/users/${id}`, {
      method: "PUT",
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, "content-type": "application/json" },
      body,
    });

  describe("each attribute", () => {
    it("password: the new one signs in, the old one is refused, and every session ends", async () => {
      const { email, id } = await newUser();
      const { session } = await signedIn(backend, email, "password123");
      const { data, error } = await admin().updateUserById(id, { password: "brand-new-secret" });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ id, email, aud: "authenticated" });
      await expect(signedIn(backend, email, "brand-new-secret")).resolves.toBeTruthy();
      const old = await anonClient(backend).auth.signInWithPassword({ email, password: "password123" });
      expect(old.error).toMatchObject({ status: 400, code: "invalid_credentials" });
      const refreshed = await anonClient(backend).auth.refreshSession({ refresh_token: session.refresh_token });
      expect(refreshed.error).not.toBeNull();
    });

    it("user_metadata and app_metadata: top-level keys merged, a null removes its key", async () => {
      const { id } = await newUser({ metadata: { full_name: "Иван Петров", theme: "light", drop: 1 } });
      const { data, error } = await admin().updateUserById(id, {
        user_metadata: { theme: "dark", drop: null, nested: { a: 1 } },
        app_metadata: { plan: "pro", providers: null },
      });
      expect(error).toBeNull();
      expect(data.user!.user_metadata).toEqual({ full_name: "Иван Петров", theme: "dark", nested: { a: 1 } });
      expect(data.user!.app_metadata).toEqual({ provider: "email", plan: "pro" });
      // An object replaces a nested object whole: only the top level merges.
      await admin().updateUserById(id, { user_metadata: { nested: { b: 2 } } });
      expect((await row(id)).raw_user_meta_data).toMatchObject({ nested: { b: 2 } });
    });

    it("`data` is not one of AdminUserParams' fields: GoTrue ignores it", async () => {
      const { id } = await newUser();
      const response = await put(id, JSON.stringify({ data: { theme: "dark" } }));
      expect(response.status).toBe(200);
      expect((await row(id)).raw_user_meta_data).toEqual({ full_name: "Иван Петров" });
    });

    it("email with email_confirm: the address, its identity and the profile follow, and it signs in", async () => {
      const { id } = await newUser();
      const next = uniqueEmail("Renamed");
      const { data, error } = await admin().updateUserById(id, { email: next, email_confirm: true });
      expect(error).toBeNull();
      expect(data.user).toMatchObject({ id, email: next.toLowerCase() });
      expect(data.user!.user_metadata).toMatchObject({ email_verified: true });
      expect(await identity(id, "email")).toMatchObject({ email: next.toLowerCase(), email_verified: true });
      // sync_profile_email, the project's trigger on auth.users, ran.
      const profile = await backend.db.query<{ email: string }>(`select email from public.profiles where id = $1`, [id]);
      expect(profile.rows[0].email).toBe(next.toLowerCase());
      await expect(signedIn(backend, next.toLowerCase(), "password123")).resolves.toBeTruthy();
    });

    it("email_confirm alone confirms the address, so an unconfirmed user can sign in", async () => {
      const { email, id } = await newUser({ confirmed: false });
      const before = await anonClient(backend).auth.signInWithPassword({ email, password: "password123" });
      expect(before.error).toMatchObject({ status: 400, code: "email_not_confirmed" });
      const { data, error } = await admin().updateUserById(id, { email_confirm: true });
      expect(error).toBeNull();
      expect(data.user!.email_confirmed_at).toBeTruthy();
      await expect(signedIn(backend, email, "password123")).resolves.toBeTruthy();
    });

    it("phone with phone_confirm: stored without + and spaces, with a phone identity", async () => {
      const { id } = await newUser();
      const { error } = await admin().updateUserById(id, { phone: "+1 555 010 0199", phone_confirm: true });
      expect(error).toBeNull();
      expect((await row(id)).phone).toBe("15550100199");
      expect(await identity(id, "phone")).toEqual({ sub: id, phone: "15550100199", phone_verified: true, email_verified: false });
    });

    it("role: stored trimmed", async () => {
      const { id } = await newUser();
      expect((await admin().updateUserById(id, { role: " supervisor " })).error).toBeNull();
      expect((await row(id)).role).toBe("supervisor");
    });

    it('ban_duration: a Go duration sets banned_until, "none" lifts the ban', async () => {
      const { id } = await newUser();
      expect((await admin().updateUserById(id, { ban_duration: "1h30m" })).error).toBeNull();
      const until = (await row(id)).banned_until!.getTime();
      expect(Math.abs(until - (Date.now() + 90 * 60_000))).toBeLessThan(60_000);
      expect((await admin().updateUserById(id, { ban_duration: "none" })).error).toBeNull();
      expect((await row(id)).banned_until).toBeNull();
    });

    // GoTrue's IsBanned check in the password grant (token.go: 400 user_banned "User is banned").
    it("a banned user's sign-in is refused with GoTrue's error until the ban is lifted", async () => {
      const { email, id } = await newUser();
      await admin().updateUserById(id, { ban_duration: "24h" });
      const refused = await anonClient(backend).auth.signInWithPassword({ email, password: "password123" });
      expect(refused.error).toMatchObject({ status: 400, code: "user_banned", message: "User is banned" });
      await admin().updateUserById(id, { ban_duration: "none" });
      await expect(signedIn(backend, email, "password123")).resolves.toBeTruthy();
    });
  });

  describe("refusals, with GoTrue's status and code, changing nothing", () => {
    it.each([
      [{ email: "not an address" }, 400, "validation_failed", "Unable to validate email address: invalid format"],
      [{ email: `${"a".repeat(250)}@example.com` }, 400, "validation_failed", "An email address is too long"],
      [{ phone: "+0123" }, 400, "validation_failed", "Invalid phone number format (E.164 required)"],
      [{ ban_duration: "forever" }, 400, "validation_failed", 'invalid format for ban duration: time: invalid duration "forever"'],
      [{ ban_duration: "10" }, 400, "validation_failed", 'invalid format for ban duration: time: missing unit in duration "10"'],
      [{ ban_duration: "2y" }, 400, "validation_failed", 'invalid format for ban duration: time: unknown unit "y" in duration "2y"'],
      [{ password: "x".repeat(73) }, 400, "validation_failed", "Password cannot be longer than 72 characters"],
      [{ password: "short" }, 422, "weak_password", "Password should be at least 6 characters."],
    ])("%j: %i %s", async (attributes, status, code, message) => {
      const { id } = await newUser();
      const { data, error } = await admin().updateUserById(id, { ...attributes, user_metadata: { changed: true } });
      expect(error).toMatchObject({ status, code, message });
      expect(data.user).toBeNull();
      expect((await row(id)).raw_user_meta_data).not.toHaveProperty("changed");
    });

    it("a weak password names its reasons", async () => {
      const { id } = await newUser();
      const response = await put(id, JSON.stringify({ password: "" }));
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ code: "weak_password", weak_password: { reasons: ["length"] } });
    });

    it("bad JSON and a value of the wrong type are bad_json", async () => {
      const { id } = await newUser();
      const broken = await put(id, "{nope");
      expect([broken.status, (await broken.json()).code]).toEqual([400, "bad_json"]);
      const mistyped = await put(id, JSON.stringify({ email_confirm: "yes" }));
      expect(mistyped.status).toBe(400);
      expect(await mistyped.json()).toMatchObject({
        code: "bad_json",
        message: "Could not parse request body as JSON: json: cannot unmarshal string into Go struct field AdminUserParams.email_confirm of type bool",
      });
    });

    it("an address another user has: the unique index refuses it, 500 as GoTrue answers (no 422 on update)", async () => {
      const taken = await newUser();
      const { id, email } = await newUser();
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        // supabase-js reads any 5xx as a retryable fetch error: its status and message, no code.
        const { error } = await admin().updateUserById(id, { email: taken.email, user_metadata: { changed: true } });
        expect(error).toMatchObject({ status: 500, message: "Error updating user" });
        // GoTrue's 500 without an error code: unexpected_failure in the body, no x-sb-error-code header.
        const response = await put(id, JSON.stringify({ email: taken.email }));
        expect(response.status).toBe(500);
        expect(response.headers.get("x-sb-error-code")).toBeNull();
        expect(await response.json()).toMatchObject({ code: "unexpected_failure", message: "Error updating user" });
        expect(errors).toHaveBeenCalledWith("[auth] admin user update failed:", expect.any(String));
      } finally {
        errors.mockRestore();
      }
      expect(await row(id)).toMatchObject({ email });
      expect((await row(id)).raw_user_meta_data).not.toHaveProperty("changed");
    });

    it("a trigger's exception (hold_email_change) rolls everything back and answers 500", async () => {
      const { id, email } = await newUser();
      const pending = uniqueEmail("pending");
      // An email change waiting for both links, none of them followed through the app.
      await backend.db.query(
        `update auth.users set email_change = $2, email_change_token_current = 'current-hash', email_change_token_new = 'new-hash',
           email_change_confirm_status = 0 where id = $1`,
        [id, pending],
      );
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const { error } = await admin().updateUserById(id, { email: pending, user_metadata: { changed: true } });
        expect(error).toMatchObject({ status: 500, message: "Error updating user" });
        expect(errors.mock.calls[0]?.[1]).toContain("an e-mail change needs the links of both addresses");
      } finally {
        errors.mockRestore();
      }
      expect(await row(id)).toMatchObject({ email, raw_user_meta_data: { full_name: "Иван Петров" } });
    });

    it("a signed-in student is not an admin: 403 not_admin", async () => {
      const { id } = await newUser();
      const { client } = await signedIn(backend, SEEDED.student.email, SEEDED.student.password);
      const { error } = await client.auth.admin.updateUserById(id, { role: "service_role" });
      expect(error).toMatchObject({ status: 403, code: "not_admin" });
      expect((await row(id)).role).toBe("authenticated");
    });

    it("an unknown id: 404 user_not_found", async () => {
      const { error } = await admin().updateUserById("00000000-0000-4000-8000-000000000000", { role: "x" });
      expect(error).toMatchObject({ status: 404, code: "user_not_found", message: "User not found" });
    });
  });
});

describe("ban_duration read as Go's time.ParseDuration", () => {
  it.each([
    ["0", 0n],
    ["+0", 0n],
    ["0s", 0n],
    ["1h30m", 5_400_000_000_000n],
    ["-1.5h", -5_400_000_000_000n],
    [".5s", 500_000_000n],
    ["1.s", 1_000_000_000n],
    ["2\u00b5s", 2_000n],
    ["2\u03bcs", 2_000n],
    ["3us4ns", 3_004n],
    ["2562047h47m16.854775807s", 9_223_372_036_854_775_807n],
  ])("%s", (text, nanoseconds) => {
    expect(parseGoDuration(text)).toEqual({ ok: true, nanoseconds });
  });

  it.each([
    ["", 'time: invalid duration ""'],
    ["-", 'time: invalid duration "-"'],
    [".s", 'time: invalid duration ".s"'],
    ["h", 'time: invalid duration "h"'],
    ["1", 'time: missing unit in duration "1"'],
    ["1d", 'time: unknown unit "d" in duration "1d"'],
    ["2562048h", 'time: invalid duration "2562048h"'],
    ["9223372036854775808ns", 'time: invalid duration "9223372036854775808ns"'],
  ])("%j is refused", (text, error) => {
    expect(parseGoDuration(text)).toEqual({ ok: false, error });
  });
});
