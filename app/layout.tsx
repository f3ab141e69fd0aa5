import type { Metadata, Viewport } from "next";
import { Toaster } from "@/components/client-loading/toaster";
import { SUBMIT_GUARD_SCRIPT } from "@/components/forms/submit-guard";
import { SkipLink } from "@/components/skip-link";
import { SITE_DESCRIPTION, SITE_NAME, SITE_URL } from "@/lib/site";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(SITE_URL),
  title: { default: `${SITE_NAME} — запустите IT-продукт без программирования`, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
  openGraph: { type: "website", locale: "ru_RU", siteName: SITE_NAME, title: SITE_NAME, description: SITE_DESCRIPTION },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ru">
      <body className="min-h-dvh font-sans">
        <SkipLink />
        {/* Before any form: a press before the page's scripts shows busy and is sent once (components/forms/submit-guard.ts). */}
        <script dangerouslySetInnerHTML={{ __html: SUBMIT_GUARD_SCRIPT }} />
        {children}
        <Toaster />
      </body>
    </html>
  );
}
