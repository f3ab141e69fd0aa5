import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalBackend } from "@/local-backend/server";
import { anonClient, latestMail, SERVICE_ROLE_KEY, serviceClient, startTestBackend, uniqueEmail } from "./harness";

/** Where Supabase Auth's own source decides what the local backend answers (internal/api: admin.go, pagination.go, api.go, mail.go). */
let backend: LocalBackend;

beforeAll(async () => {
  // Eight digits, as a hosted project set to "Email OTP length" 8.
  backend = await startTestBackend({ otpLength: 8 });
});
afterAll(() => backend.close());

const adminUsers = (query: string) =>
  fetch(`${backend.url}/auth/v1/admin/users${query}`, { headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}` } });

describe("auth.admin.listUsers", () => {
  it("lists the newest first, with GoTrue's Link and X-Total-Count headers", async () => {
    const service = serviceClient(backend);
    const [older, newer] = [uniqueEmail("older"), uniqueEmail("newer")];
    await service.auth.admin.createUser({ email: older, password: "password123" });
    await service.auth.admin.createUser({ email: newer, password: "password123" });
    const total = (await backend.db.query<{ n: number }>(`select count(*)::int as n from auth.users`)).rows[0].n;

    const first = await service.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(first.data.users.map((user) => user.email)).toEqual([newer, older]);
    expect(first.data).toMatchObject({ total, nextPage: 2, lastPage: Math.ceil(total / 2) });

    const response = await adminUsers("?page=1&per_page=2");
    expect(response.headers.get("x-total-count")).toBe(String(total));
    expect(response.headers.get("link")).toBe(
      `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=${Math.ceil(total / 2)}&per_page=2>; rel="last"`,
    );
    const oldestFirst = await (await adminUsers(`?sort=created_at%20asc&per_page=${total}`)).json();
    expect(oldestFirst.users.at(-1).email).toBe(newer);
  });

  it("refuses paging Go cannot read as GoTrue does, and reads an empty value as the default", async () => {
    const minus = await adminUsers("?page=-1");
    expect([minus.status, await minus.json()]).toMatchObject([
      400,
      { code: "validation_failed", message: 'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax' },
    ]);
    expect((await adminUsers("?per_page=ten")).status).toBe(400);
    expect((await adminUsers("?sort=email")).status).toBe(400);
    const defaults = await adminUsers("?page=&per_page=");
    expect([defaults.status, (await defaults.json()).users.length > 0]).toEqual([200, true]);
    // GoTrue divides by per_page and its recoverer answers the panic.
    expect((await adminUsers("?per_page=0")).status).toBe(500);
  });
});

describe("e-mail codes of config.toml's otp_length", () => {
  it("sends recovery codes of that many digits, which verify", async () => {
    const email = uniqueEmail("eight");
    await serviceClient(backend).auth.admin.createUser({ email, password: "password123", email_confirm: true });
    expect((await anonClient(backend).auth.resetPasswordForEmail(email)).error).toBeNull();
    const code = (await latestMail(backend, email)).body.match(/\b(\d{6,10})\b/)![1];
    expect(code).toHaveLength(8);
    expect((await anonClient(backend).auth.verifyOtp({ email, token: code, type: "recovery" })).error).toBeNull();
  });

  it("answers admin generateLink with an email_otp of that length, whose link and code work once", async () => {
    const email = uniqueEmail("link");
    await serviceClient(backend).auth.admin.createUser({ email, password: "password123", email_confirm: true });
    const { data, error } = await serviceClient(backend).auth.admin.generateLink({ type: "recovery", email });
    expect(error).toBeNull();
    expect(data.properties).toMatchObject({ email_otp: expect.stringMatching(/^\d{8}$/), verification_type: "recovery", hashed_token: expect.any(String) });
    expect(data.user?.email).toBe(email);
    expect(new URL(data.properties!.action_link).searchParams.get("token")).toBe(data.properties!.hashed_token);
    const verified = await anonClient(backend).auth.verifyOtp({ email, token: data.properties!.email_otp, type: "recovery" });
    expect(verified.error).toBeNull();

    const unknown = await serviceClient(backend).auth.admin.generateLink({ type: "recovery", email: uniqueEmail("nobody") });
    expect([unknown.error?.status, unknown.error?.code]).toEqual([404, "user_not_found"]);
    const invite = await serviceClient(backend).auth.admin.generateLink({ type: "invite", email: uniqueEmail("invited") });
    expect([invite.error?.status, invite.error?.code]).toEqual([422, "not_implemented"]);
  });
});

describe("sign-ups Supabase Auth refuses before any other check", () => {
  it("answers an anonymous sign-up with anonymous_provider_disabled, as hosted with anonymous sign-ins off", async () => {
    const { error } = await anonClient(backend).auth.signInAnonymously();
    expect([error?.status, error?.code, error?.message]).toEqual([422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled"]);
    const phone = await anonClient(backend).auth.signUp({ phone: "+15555550100", password: "password123" });
    expect([phone.error?.status, phone.error?.code]).toEqual([400, "phone_provider_disabled"]);
    // Signup checks the password before the address, as GoTrue's validateSignupParams.
    const noPassword = await anonClient(backend).auth.signUp({ email: "not an address", password: "" });
    expect([noPassword.error?.status, noPassword.error?.message]).toEqual([400, "Signup requires a valid password"]);
    const settings = await (await fetch(`${backend.url}/auth/v1/settings`, { headers: { apikey: SERVICE_ROLE_KEY } })).json();
    expect(settings.external).toMatchObject({ anonymous_users: false, email: true, phone: false });
  });
});
