import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "@supabase/supabase-js";
import { loadConfig } from "@/local-backend/config";
import type { LocalBackend } from "@/local-backend/server";
import {
  ANON_KEY,
  anonClient,
  latestMail,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SEEDED,
  serviceClient,
  signedIn,
  startTestBackend,
  uniqueEmail,
} from "./harness";

let backend: LocalBackend;

beforeAll(async () => {
  // As a hosted project with «IP address forwarding» on, which the app's server relies on.
  backend = await startTestBackend({
    siteUrl: "http://localhost:3000",
    additionalRedirectUrls: ["http://localhost:3000/**"],
    sbForwardedForEnabled: true,
  });
});
afterAll(() => backend.close());

/** An app server calling Auth for a visitor, as createAuthClient does: a key, and maybe Sb-Forwarded-For. */
function onBehalfOf(address: string | null, key = SECRET_KEY) {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: address ? { "Sb-Forwarded-For": address } : {} },
  }).auth;
}

async function newUser() {
  const email = uniqueEmail("launch");
  await serviceClient(backend).auth.admin.createUser({ email, password: "password123", email_confirm: true });
  return email;
}

describe("per-visitor rate limits", () => {
  it("40 students signing in through one app server each use their own bucket", async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        onBehalfOf(`198.51.100.${index + 1}`).signInWithPassword({ email: SEEDED.student.email, password: SEEDED.student.password }),
      ),
    );
    expect(results.filter((result) => result.error === null)).toHaveLength(40);
  });

  it("an attacker's wrong passwords exhaust only the attacker's bucket", async () => {
    const attacker = onBehalfOf("203.0.113.66");
    const codes = [];
    for (let attempt = 0; attempt < 35; attempt++) {
      const { error } = await attacker.signInWithPassword({ email: `${attempt}@example.com`, password: "wrong-password" });
      codes.push(error?.code);
    }
    expect(codes.slice(0, 30).every((code) => code === "invalid_credentials")).toBe(true);
    expect(codes.slice(30)).toEqual(Array(5).fill("over_request_rate_limit"));
    const admin = await onBehalfOf("203.0.113.7").signInWithPassword({ email: SEEDED.admin.email, password: SEEDED.admin.password });
    expect(admin.error).toBeNull();
  });

  /** 31 wrong sign-ins through `clientFor(attempt)`; how many were refused for the rate. */
  async function refusedOf31(url: string, clientFor: (url: string, attempt: number) => ReturnType<typeof onBehalfOf>) {
    let limited = 0;
    for (let attempt = 0; attempt < 31; attempt++) {
      const { error } = await clientFor(url, attempt).signInWithPassword({ email: "nobody@example.com", password: "x" });
      if (error?.code === "over_request_rate_limit") limited++;
    }
    return limited;
  }

  /** A caller behind a proxy that names it in X-Client-Ip, with a key and an Sb-Forwarded-For of its choosing. */
  const behindProxy = (url: string, key: string, address: string) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { "x-client-ip": "192.0.2.99", "Sb-Forwarded-For": address } },
    }).auth;

  it("ignores Sb-Forwarded-For from a publishable key and a malformed address, as hosted Supabase does", async () => {
    const shared = await startTestBackend({ sbForwardedForEnabled: true, rateLimitHeader: "x-client-ip" });
    try {
      const limited = await refusedOf31(shared.url, (url, attempt) =>
        attempt % 2 ? behindProxy(url, PUBLISHABLE_KEY, `192.0.2.${attempt}`) : behindProxy(url, SECRET_KEY, "not-an-ip"),
      );
      expect(limited).toBe(1);
      const error = (await behindProxy(shared.url, ANON_KEY, "192.0.2.200").signInWithPassword({ email: "n@example.com", password: "x" })).error;
      expect(error).toMatchObject({ status: 429, message: "Request rate limit reached" });
    } finally {
      await shared.close();
    }
  });

  it("by default, as Supabase Auth: Sb-Forwarded-For is not honoured, and only a configured header's value is limited", async () => {
    const plain = await startTestBackend();
    const withHeader = await startTestBackend({ rateLimitHeader: "x-client-ip" });
    try {
      // Nothing names the client: no per-address limit at all.
      expect(await refusedOf31(plain.url, (url, attempt) => behindProxy(url, SECRET_KEY, `198.51.100.${attempt}`))).toBe(0);
      // The proxy's header counts, whatever Sb-Forwarded-For the secret key sends.
      expect(await refusedOf31(withHeader.url, (url, attempt) => behindProxy(url, SECRET_KEY, `198.51.100.${attempt}`))).toBe(1);
    } finally {
      await Promise.all([plain.close(), withHeader.close()]);
    }
  });
});

describe("recovery emails", () => {
  it("refuses a second email within max_frequency with Supabase's message, and the first email still works", async () => {
    const email = await newUser();
    expect((await onBehalfOf("192.0.2.10").resetPasswordForEmail(email)).error).toBeNull();
    const first = await latestMail(backend, email);
    const again = await onBehalfOf("192.0.2.11").resetPasswordForEmail(email);
    expect(again.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    const tokenHash = new URL(first.link).searchParams.get("token_hash")!;
    const verified = await anonClient(backend).auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
  });

  it("builds the link from the site URL with the project's template, and gives the code of otp_length digits", async () => {
    const email = await newUser();
    await onBehalfOf("192.0.2.12").resetPasswordForEmail(email, { redirectTo: "https://evil.example/steal" });
    const mail = await latestMail(backend, email);
    expect(mail.subject).toBe("Восстановление пароля — Школа IT-фаундеров");
    const link = new URL(mail.link);
    expect(link.origin + link.pathname).toBe("http://localhost:3000/auth/confirm");
    expect(link.searchParams.get("type")).toBe("recovery");
    expect(link.searchParams.get("token_hash")).toMatch(/^[0-9a-f]{56}$/);
    expect(mail.body).toMatch(new RegExp(`Или введите код \\d{${loadConfig({}).otpLength}} на странице http://localhost:3000/auth/code`));
  });

  it("verifies the typed code once; a wrong code is refused with Supabase's message", async () => {
    const email = await newUser();
    await onBehalfOf("192.0.2.13").resetPasswordForEmail(email);
    const code = (await latestMail(backend, email)).body.match(/код (\d+)/)![1];
    const other = code.replace(/\d$/, (digit) => String((Number(digit) + 1) % 10));
    const wrong = await anonClient(backend).auth.verifyOtp({ email, token: other, type: "recovery" });
    expect(wrong.error).toMatchObject({ status: 403, code: "otp_expired", message: "Token has expired or is invalid" });
    const right = await anonClient(backend).auth.verifyOtp({ email: email.toUpperCase(), token: code, type: "recovery" });
    expect(right.error).toBeNull();
    expect(right.data.session?.access_token).toBeTruthy();
    const reused = await anonClient(backend).auth.verifyOtp({ email, token: code, type: "recovery" });
    expect(reused.error?.code).toBe("otp_expired");
  });

  it("a used link is refused as Supabase refuses it", async () => {
    const email = await newUser();
    await onBehalfOf("192.0.2.14").resetPasswordForEmail(email);
    const tokenHash = new URL((await latestMail(backend, email)).link).searchParams.get("token_hash")!;
    expect((await anonClient(backend).auth.verifyOtp({ token_hash: tokenHash, type: "recovery" })).error).toBeNull();
    const again = await anonClient(backend).auth.verifyOtp({ token_hash: tokenHash, type: "recovery" });
    expect(again.error).toMatchObject({ status: 403, code: "otp_expired", message: "Email link is invalid or has expired" });
  });

  it("a newer email replaces the older one's link", async () => {
    const quick = await startTestBackend({
      rateLimits: { signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30, emailSent: 30, emailFrequencySeconds: 0 },
    });
    try {
      const email = uniqueEmail("twice");
      await serviceClient(quick).auth.admin.createUser({ email, password: "password123", email_confirm: true });
      await anonClient(quick).auth.resetPasswordForEmail(email);
      const older = new URL((await latestMail(quick, email)).link).searchParams.get("token_hash")!;
      await anonClient(quick).auth.resetPasswordForEmail(email);
      const newer = new URL((await latestMail(quick, email)).link).searchParams.get("token_hash")!;
      expect((await anonClient(quick).auth.verifyOtp({ token_hash: older, type: "recovery" })).error?.code).toBe("otp_expired");
      expect((await anonClient(quick).auth.verifyOtp({ token_hash: newer, type: "recovery" })).error).toBeNull();
    } finally {
      await quick.close();
    }
  });

  it("the project-wide email limit is charged only by emails really sent", async () => {
    const frugal = await startTestBackend({
      rateLimits: { signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30, emailSent: 1, emailFrequencySeconds: 60 },
    });
    try {
      const [first, second] = [uniqueEmail("one"), uniqueEmail("two")];
      for (const email of [first, second]) {
        await serviceClient(frugal).auth.admin.createUser({ email, password: "password123", email_confirm: true });
      }
      for (let attempt = 0; attempt < 3; attempt++) {
        expect((await anonClient(frugal).auth.resetPasswordForEmail(`nobody${attempt}@example.com`)).error).toBeNull();
      }
      expect((await anonClient(frugal).auth.resetPasswordForEmail(first)).error).toBeNull();
      const over = await anonClient(frugal).auth.resetPasswordForEmail(second);
      expect(over.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit", message: "email rate limit exceeded" });
    } finally {
      await frugal.close();
    }
  });
});

describe("redirects", () => {
  it.each([
    "http://localhost:3000@evil.example/",
    "http://localhost:3000.evil.example/",
    "//evil.example/",
    "https://evil.example/http://localhost:3000/",
    "http://localhost:3000\\@evil.example/",
    "http://evil.example\t/",
  ])("GET /verify never sends a person to %j", async (target) => {
    const response = await fetch(
      `${backend.url}/auth/v1/verify?token=${"0".repeat(56)}&type=recovery&redirect_to=${encodeURIComponent(target)}`,
      { redirect: "manual" },
    );
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(location.origin).toBe("http://localhost:3000");
    expect(location.hash).toContain("error_code=otp_expired");
  });

  it("follows an allowed redirect", async () => {
    const target = "http://localhost:3000/auth/confirm?next=/dashboard";
    const response = await fetch(`${backend.url}/auth/v1/verify?token=x&type=recovery&redirect_to=${encodeURIComponent(target)}`, {
      redirect: "manual",
    });
    expect(response.headers.get("location")).toMatch(/^http:\/\/localhost:3000\/auth\/confirm\?next=\/dashboard#error=/);
  });
});

describe("sessions and transport", () => {
  it("a global sign-out ends every session's refresh tokens", async () => {
    const email = await newUser();
    const phone = await signedIn(backend, email, "password123");
    const laptop = await signedIn(backend, email, "password123");
    expect((await laptop.client.auth.signOut({ scope: "global" })).error).toBeNull();
    const refreshed = await anonClient(backend).auth.refreshSession({ refresh_token: phone.session.refresh_token });
    expect(refreshed.error?.code).toBe("refresh_token_not_found");
  });

  it("refuses a body over 1 MB with Supabase Auth's 413", async () => {
    const response = await fetch(`${backend.url}/auth/v1/signup`, {
      method: "POST",
      headers: { apikey: ANON_KEY, "content-type": "application/json" },
      body: JSON.stringify({ email: "big@example.com", password: "password123", data: { blob: "x".repeat(1_100_000) } }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: "request_entity_too_large" });
    expect((await serviceClient(backend).from("profiles").select("id").eq("email", "big@example.com")).data).toEqual([]);
  });

  it("answers CORS without credentials, and the mailbox to no other origin", async () => {
    const api = await fetch(`${backend.url}/auth/v1/health`, { headers: { origin: "https://evil.example" } });
    expect(api.headers.get("access-control-allow-origin")).toBe("*");
    expect(api.headers.get("access-control-allow-credentials")).toBeNull();
    const mailbox = await fetch(`${backend.url}/mailbox?format=json`, { headers: { origin: "https://evil.example" } });
    expect(mailbox.headers.get("access-control-allow-origin")).toBeNull();
  });
});
