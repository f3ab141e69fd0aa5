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

/** Session cookies travel only over HTTPS wherever the site is served over HTTPS. */
export const sessionCookieOptions = { secure: SITE_URL.startsWith("https://"), sameSite: "lax" as const, path: "/" };

/**
 * The key for server-side Auth calls: the secret key when configured (needed for hosted
 * projects to honour Sb-Forwarded-For), else the publishable one. Never sent to the browser.
 */
export function authApiKey(): string {
  return process.env.SUPABASE_SECRET_KEY || supabaseEnv().key;
}
