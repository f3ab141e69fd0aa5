import type { NextRequest } from "next/server";
import { pagePolicy, paymentPageOrigin, type SecurityHeaderOptions } from "@/lib/security/headers";
import { SITE_URL } from "@/lib/site";
import { supabaseEnv } from "@/lib/supabase/env";
import { updateSession } from "@/lib/supabase/proxy";

const policyOptions = (): SecurityHeaderOptions => ({
  supabaseUrl: supabaseEnv().url,
  siteUrl: SITE_URL,
  development: process.env.NODE_ENV === "development",
  paymentPageOrigin: paymentPageOrigin(),
});

export async function proxy(request: NextRequest) {
  const { policy, nonce } = pagePolicy(request.nextUrl.pathname, policyOptions());
  // Next.js reads the nonce from the request's policy and puts it on every script of the page it
  // renders; a static page is served as built, and no visitor's own header is passed on.
  const response = await updateSession(request, { "content-security-policy": nonce ? policy : null });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

// Only the real static files skip the proxy: Next's build output and the app's metadata files
// (app/icon.svg, app/opengraph-image.png, app/robots.ts, app/sitemap.ts; there is no public/).
// Matching by extension would let a page such as /admin/groups/x.png render without the proxy.
// They keep next.config.ts's policy without a nonce.
export const config = {
  matcher: ["/((?!_next/static/|_next/image$|icon\\.svg$|opengraph-image\\.png$|robots\\.txt$|sitemap\\.xml$).*)"],
};
