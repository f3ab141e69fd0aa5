import type { NextRequest } from "next/server";
import { updateSession } from "@/lib/supabase/proxy";

export async function proxy(request: NextRequest) {
  return updateSession(request);
}

// Only the real static files skip the proxy: Next's build output and the app's metadata files
// (app/icon.svg, app/opengraph-image.png, app/robots.ts, app/sitemap.ts; there is no public/).
// Matching by extension would let a page such as /admin/groups/x.png render without the proxy.
export const config = {
  matcher: ["/((?!_next/static/|_next/image$|icon\\.svg$|opengraph-image\\.png$|robots\\.txt$|sitemap\\.xml$).*)"],
};
