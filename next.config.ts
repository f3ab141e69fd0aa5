import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security/headers";

const headers = securityHeaders({
  supabaseUrl: process.env.NEXT_PUBLIC_SUPABASE_URL ?? "http://127.0.0.1:54321",
  siteUrl: process.env.NEXT_PUBLIC_SITE_URL ?? "http://localhost:3000",
  development: process.env.NODE_ENV === "development",
});

const nextConfig: NextConfig = {
  // The end-to-end tests build into their own folder, so they never overwrite a dev build.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // `npm test` runs `tsc --noEmit` over the whole project first; its e2e build skips the repeat.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPECHECKED === "1" },
  reactStrictMode: true,
  // PDFKit loads from node_modules as Node would (its standard fonts are data files beside its code),
  // and the certificate's PDF reads its font from node_modules at run time (lib/certificates/pdf.ts).
  serverExternalPackages: ["pdfkit"],
  outputFileTracingIncludes: {
    "/certificates/[code]/pdf": [
      "./node_modules/@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf",
      "./node_modules/@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf",
    ],
  },
  // On every path the proxy runs on, its Content-Security-Policy replaces this one (a nonce per
  // page, lib/security/headers.ts pagePolicy); this one stays on the static files it skips.
  async headers() {
    return [{ source: "/:path*", headers: Object.entries(headers).map(([key, value]) => ({ key, value })) }];
  },
};

export default nextConfig;
