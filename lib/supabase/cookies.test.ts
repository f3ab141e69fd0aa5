import { createServerClient, type CookieOptions } from "@supabase/ssr";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Every cookie @supabase/ssr writes with the app's options is HttpOnly and SameSite=Lax, and Secure
 * when the site is on https: the library's own default is httpOnly false, so the app's options must
 * win over it on sign-in, on refresh and on sign-out alike.
 */

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const now = () => Math.floor(Date.now() / 1000);
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
const accessToken = `${part({ alg: "HS256", typ: "JWT" })}.${part({ sub: "6b0b2c1e-0000-4000-8000-000000000001", exp: now() + 600 })}.signature`;

/** Supabase Auth's answers to a password sign-in and a sign-out, without a server. */
const authFetch: typeof fetch = async (input) => {
  const url = String(input);
  if (url.includes("/token")) {
    const user = { id: "6b0b2c1e-0000-4000-8000-000000000001", aud: "authenticated", email: "student@example.com" };
    return Response.json({ access_token: accessToken, token_type: "bearer", expires_in: 600, expires_at: now() + 600, refresh_token: "r".repeat(12), user });
  }
  return new Response(null, { status: 204 });
};

async function cookiesWritten(siteUrl: string) {
  vi.stubEnv("NEXT_PUBLIC_SITE_URL", siteUrl);
  vi.resetModules();
  const { sessionCookieOptions } = await import("./env");
  const jar = new Map<string, string>();
  const written: { name: string; value: string; options: CookieOptions }[] = [];
  const auth = createServerClient("http://127.0.0.1:54321", "sb_publishable_test", {
    cookieOptions: sessionCookieOptions,
    global: { fetch: authFetch },
    cookies: {
      getAll: () => [...jar].map(([name, value]) => ({ name, value })),
      setAll(cookiesToSet) {
        for (const cookie of cookiesToSet) {
          written.push(cookie);
          if (cookie.value) jar.set(cookie.name, cookie.value);
          else jar.delete(cookie.name);
        }
      },
    },
  }).auth;
  const { error } = await auth.signInWithPassword({ email: "student@example.com", password: "password123" });
  expect(error).toBeNull();
  const signedIn = written.length;
  await auth.signOut();
  return { signedIn: written.slice(0, signedIn), signedOut: written.slice(signedIn) };
}

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax, set and cleared alike", async () => {
    const { signedIn, signedOut } = await cookiesWritten("http://localhost:3000");
    expect(signedIn.map(({ name }) => name)).toEqual([expect.stringMatching(/^sb-.+-auth-token$/)]);
    expect(signedOut.length).toBeGreaterThan(0);
    for (const { options } of [...signedIn, ...signedOut]) {
      expect(options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
    }
  });

  it("are Secure when the site is on https", async () => {
    const { signedIn } = await cookiesWritten("https://school.example");
    expect(signedIn[0].options).toMatchObject({ httpOnly: true, secure: true, sameSite: "lax" });
  });
});
