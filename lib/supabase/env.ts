import { SITE_URL } from "@/lib/site";

/** The project's public Supabase settings; `npm run dev` fills them in for the local backend. */
export function supabaseEnv() {
  // Literal process.env reads, so Next.js inlines them into the browser bundle.
  const url = process.env.NEXT_PUBLIC_SUPABASE_URL;
  const key = process.env.NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY ?? process.env.NEXT_PUBLIC_SUPABASE_ANON_KEY;
  if (!url || !key) {
    throw new Error(
      "NEXT_PUBLIC_SUPABASE_URL and NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY are not set: start the app with `npm run dev`, or see docs/deployment.md.",
    );
  }
  return { url, key };
}

/**
 * Every cookie the app or @supabase/ssr writes (which merges these over its own defaults, httpOnly
 * false among them): out of page scripts' reach, since the browser has no Supabase client and an
 * injected script could otherwise carry the 400-day refresh token away; over HTTPS only wherever
 * the site is served over HTTPS.
 */
export const sessionCookieOptions = { httpOnly: true, secure: SITE_URL.startsWith("https://"), sameSite: "lax" as const, path: "/" };

/**
 * The key for server-side Auth calls: the secret key when configured (needed for hosted
 * projects to honour Sb-Forwarded-For), else the publishable one. Never sent to the browser.
 */
export function authApiKey(): string {
  return process.env.SUPABASE_SECRET_KEY || supabaseEnv().key;
}
