import { connection } from "next/server";
import { Button } from "@/components/ui/button";

export default async function NotFound() {
  // Rendered per request, so its scripts carry the request's nonce (lib/security/headers.ts).
  await connection();
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <p className="text-muted-foreground">Такой страницы нет. Возможно, ссылка устарела.</p>
      {/* A plain link: next/link would ship with every page's first load, as this page is its boundary. */}
      <Button asChild>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
        <a href="/">На главную</a>
      </Button>
    </main>
  );
}
