import { createClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig, type BackendConfig } from "@/local-backend/config";
import type { Mail } from "@/local-backend/mailbox";
import type { LocalBackend } from "@/local-backend/server";
import { ANON_KEY, anonClient, SEEDED, serviceClient, signedIn, startTestBackend, uniqueEmail } from "./harness";

const PASSWORD = "password123";
const SINGLE_CONFIRMATION = "Confirmation link accepted. Please proceed to confirm link sent to the other email";
const REDIRECT = "http://localhost:3000/auth/confirm?next=%2Fsettings";

async function mailsTo(backend: LocalBackend, recipient: string): Promise<Mail[]> {
  const mails: Mail[] = await (await fetch(`${backend.url}/mailbox?format=json`)).json();
  return mails.filter((mail) => mail.recipient === recipient);
}

async function onlyMailTo(backend: LocalBackend, recipient: string): Promise<Mail> {
  const mails = await mailsTo(backend, recipient);
  expect(mails).toHaveLength(1);
  return mails[0];
}

const tokenHashOf = (mail: Mail) => new URL(mail.link!).searchParams.get(mail.link!.includes("/auth/v1/verify") ? "token" : "token_hash")!;

async function newUser(backend: LocalBackend, label = "change") {
  const email = uniqueEmail(label);
  await serviceClient(backend).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  return { email, ...(await signedIn(backend, email, PASSWORD)) };
}

async function postVerify(backend: LocalBackend, body: object) {
  const response = await fetch(`${backend.url}/auth/v1/verify`, {
    method: "POST",
    headers: { apikey: ANON_KEY, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** The app's /auth/confirm records each link before handing it to Auth (migration …1300). */
async function proveBoth(backend: LocalBackend, mails: Mail[]) {
  for (const mail of mails) expect((await anonClient(backend).rpc("prove_email_change", { _token_hash: tokenHashOf(mail) })).error).toBeNull();
}

const follow = async (link: string) => new URL((await fetch(link, { redirect: "manual" })).headers.get("location")!);

function pkceClient(backend: LocalBackend) {
  const storage = new Map<string, string>();
  return createClient(backend.url, ANON_KEY, {
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
}

describe("with the project's settings: confirmations off, secure email change on", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startTestBackend();
  });
  afterAll(() => backend.close());

  it("mails the current and the new address from the project's template, and a link changes the address once the school recorded both", async () => {
    const { email, client } = await newUser(backend);
    const wanted = uniqueEmail("wanted");
    const { data, error } = await client.auth.updateUser({ email: wanted.toUpperCase() });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: wanted });
    expect(Date.now() - Date.parse(data.user!.email_change_sent_at!)).toBeLessThan(10_000);

    const [toCurrent, toNew] = [await onlyMailTo(backend, email), await onlyMailTo(backend, wanted)];
    for (const mail of [toCurrent, toNew]) {
      expect(mail.subject).toBe("Подтвердите смену email — Школа IT-фаундеров");
      expect(mail.body).toContain(`с ${email} на ${wanted}`);
      expect(mail.link).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?token_hash=[0-9a-f]{56}&type=email_change&next=\/settings$/);
    }
    expect(tokenHashOf(toCurrent)).not.toBe(tokenHashOf(toNew));

    // Auth completes on the first link here; the school's trigger on auth.users refuses until both
    // links were recorded through the app (migration …1300), and Auth answers its "Error confirm email".
    const refused = await anonClient(backend).auth.verifyOtp({ token_hash: tokenHashOf(toCurrent), type: "email_change" });
    expect(refused.error).toMatchObject({ status: 500, message: "Error confirm email" });
    await proveBoth(backend, [toCurrent, toNew]);
    const verified = await anonClient(backend).auth.verifyOtp({ token_hash: tokenHashOf(toCurrent), type: "email_change" });
    expect(verified.error).toBeNull();
    expect(verified.data.user).toMatchObject({ email: wanted });
    expect(verified.data.user!.new_email).toBeUndefined();
    expect(verified.data.user!.identities![0].identity_data).toMatchObject({ email: wanted, email_verified: true });
    // The migrations' trigger on auth.users, run by the update as on hosted.
    const profile = await serviceClient(backend).from("profiles").select("email").eq("id", verified.data.user!.id).single();
    expect(profile.data?.email).toBe(wanted);
    expect((await anonClient(backend).auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe("invalid_credentials");
    expect((await signedIn(backend, wanted, PASSWORD)).user.email).toBe(wanted);

    const spent = await anonClient(backend).auth.verifyOtp({ token_hash: tokenHashOf(toNew), type: "email_change" });
    expect(spent.error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
  });

  it("answers the current address with the user unchanged, and mails nobody", async () => {
    const { email, client } = await newUser(backend);
    const { data, error } = await client.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email });
    expect(data.user!.new_email).toBeUndefined();
    expect(await mailsTo(backend, email)).toEqual([]);
  });

  it("refuses an invalid or taken address, and a second request within max_frequency, changing nothing", async () => {
    const { client } = await newUser(backend);
    const invalid = await client.auth.updateUser({ email: "not-an-email" });
    expect(invalid.error).toMatchObject({ status: 400, code: "validation_failed", message: "Unable to validate email address: invalid format" });
    const taken = await client.auth.updateUser({ email: SEEDED.admin.email });
    expect(taken.error).toMatchObject({
      status: 422,
      code: "email_exists",
      message: "A user with this email address has already been registered",
    });
    expect((await client.auth.updateUser({ email: uniqueEmail("first") })).error).toBeNull();
    const again = await client.auth.updateUser({ email: uniqueEmail("second"), data: { full_name: "Другое имя" } });
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe("over_email_send_rate_limit");
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
    // The refusal rolled the whole update back, metadata included, as GoTrue's transaction does.
    expect((await client.auth.getUser()).data.user?.user_metadata.full_name).toBeUndefined();
  });

  it("sends a PKCE client's link back with a code that the same client exchanges for the new address", async () => {
    const email = uniqueEmail("pkce");
    await serviceClient(backend).auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const client = pkceClient(backend);
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const wanted = uniqueEmail("pkce-wanted");
    expect((await client.auth.updateUser({ email: wanted }, { emailRedirectTo: REDIRECT })).error).toBeNull();
    const tokenHash = tokenHashOf(await onlyMailTo(backend, wanted));
    expect(tokenHash).toMatch(/^pkce_[0-9a-f]{56}$/);
    await proveBoth(backend, [await onlyMailTo(backend, email), await onlyMailTo(backend, wanted)]);

    const link = `${backend.url}/auth/v1/verify?token=${tokenHash}&type=email_change&redirect_to=${encodeURIComponent(REDIRECT)}`;
    const location = await follow(link);
    expect(location.origin + location.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(location.searchParams.get("next")).toBe("/settings");
    const exchanged = await client.auth.exchangeCodeForSession(location.searchParams.get("code")!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(wanted);

    const again = await follow(link);
    expect(again.searchParams.get("error_code")).toBe("otp_expired");
    expect(new URLSearchParams(again.hash.slice(1)).get("error_description")).toBe("Email link is invalid or has expired");
  });
});

describe("with confirmations on: both links are needed", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    // The code in the mail too, to confirm by typing it.
    const withCode = { subject: "Смена email", content: `<a href="{{ .ConfirmationURL }}">Подтвердить</a> Код: {{ .Token }}` };
    backend = await startTestBackend({ mailerAutoconfirm: false, emailTemplates: { ...loadConfig().emailTemplates, email_change: withCode } });
  });
  afterAll(() => backend.close());

  const codeIn = (mail: Mail) => mail.body.match(/Код: (\d{6,10})/)![1];

  it("counts the first link, then the code mailed to the new address changes it", async () => {
    const { email, client } = await newUser(backend);
    const wanted = uniqueEmail("wanted");
    expect((await client.auth.updateUser({ email: wanted }, { emailRedirectTo: REDIRECT })).error).toBeNull();
    const [toCurrent, toNew] = [await onlyMailTo(backend, email), await onlyMailTo(backend, wanted)];
    expect(toCurrent.link).toContain(`/auth/v1/verify?token=${tokenHashOf(toCurrent)}&type=email_change&redirect_to=`);

    const half = await follow(toCurrent.link!);
    expect(half.origin + half.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(half.search).toBe("?next=%2Fsettings");
    expect(Object.fromEntries(new URLSearchParams(half.hash.slice(1)))).toEqual({ message: SINGLE_CONFIRMATION, sb: "" });
    expect((await client.auth.getUser()).data.user).toMatchObject({ email, new_email: wanted });
    expect((await follow(toCurrent.link!)).hash).toContain("error_code=otp_expired");

    const wrong = await anonClient(backend).auth.verifyOtp({ email: wanted, token: "000000", type: "email_change" });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
    const typed = await anonClient(backend).auth.verifyOtp({ email: wanted, token: codeIn(toNew), type: "email_change" });
    expect(typed.error).toBeNull();
    expect(typed.data.session?.user.email).toBe(wanted);
  });

  it("answers a token hash that only counts with GoTrue's message, then the second one signs in with the new address", async () => {
    const { email, client } = await newUser(backend);
    const wanted = uniqueEmail("wanted");
    expect((await client.auth.updateUser({ email: wanted })).error).toBeNull();
    const first = await postVerify(backend, { type: "email_change", token_hash: tokenHashOf(await onlyMailTo(backend, wanted)) });
    expect(first).toEqual({ status: 200, body: { msg: SINGLE_CONFIRMATION, code: "200" } });
    const second = await anonClient(backend).auth.verifyOtp({ token_hash: tokenHashOf(await onlyMailTo(backend, email)), type: "email_change" });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(wanted);
  });
});

describe("with secure email change off and confirmations on", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    const rateLimits: BackendConfig["rateLimits"] = { ...loadConfig().rateLimits, emailSent: 2 };
    backend = await startTestBackend({ mailerAutoconfirm: false, secureEmailChange: false, rateLimits });
  });
  afterAll(() => backend.close());

  it("mails only the new address, whose link changes it, and spends the project's hourly email budget", async () => {
    const { email, client } = await newUser(backend);
    const wanted = uniqueEmail("wanted");
    expect((await client.auth.updateUser({ email: wanted })).error).toBeNull();
    expect(await mailsTo(backend, email)).toEqual([]);
    const verified = await anonClient(backend).auth.verifyOtp({ token_hash: tokenHashOf(await onlyMailTo(backend, wanted)), type: "email_change" });
    expect(verified.data.user?.email).toBe(wanted);

    expect((await (await newUser(backend)).client.auth.updateUser({ email: uniqueEmail() })).error).toBeNull();
    const over = await (await newUser(backend)).client.auth.updateUser({ email: uniqueEmail() });
    expect(over.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit", message: "email rate limit exceeded" });
  });
});

describe("PUT /user's own rate limit", () => {
  let backend: LocalBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ rateLimits: { ...loadConfig().rateLimits, signInSignUps: 1 }, rateLimitHeader: "x-client-ip" });
  });
  afterAll(() => backend.close());

  it("counts updates per address at the OTP rate (sign_in_sign_ups), as GoTrue's limiter on PUT /user", async () => {
    const { email } = await newUser(backend);
    const client = createClient(backend.url, ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { "x-client-ip": "192.0.2.40" } },
    });
    expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    expect((await client.auth.updateUser({ data: { full_name: "Один" } })).error).toBeNull();
    const limited = await client.auth.updateUser({ data: { full_name: "Два" } });
    expect(limited.error).toMatchObject({ status: 429, code: "over_request_rate_limit" });
    // A request without the header names no client: GoTrue then applies no per-address limit.
    const unnamed = (await newUser(backend)).client;
    for (const name of ["Один", "Два", "Три"]) expect((await unnamed.auth.updateUser({ data: { full_name: name } })).error).toBeNull();
  });
});
