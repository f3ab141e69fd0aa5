"use client";

import { useEffect, useTransition } from "react";
import { useRouter } from "next/navigation";
import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Shown when a page cannot load its data, e.g. the backend is unreachable. No stack trace. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  useEffect(() => console.error(error), [error]);
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Не удалось загрузить страницу</h1>
      <p className="max-w-md text-muted-foreground">
        Сервер временно недоступен или соединение прервалось. Попробуйте ещё раз через несколько секунд.
      </p>
      <div className="flex gap-2">
        <Button
          disabled={pending}
          onClick={() =>
            startTransition(() => {
              router.refresh();
              reset();
            })
          }
        >
          <RotateCw aria-hidden className={pending ? "animate-spin" : undefined} />
          Попробовать снова
        </Button>
        {/* A plain link: next/link would ship with every page's first load, as this page is its boundary. */}
        <Button asChild variant="outline">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
          <a href="/">На главную</a>
        </Button>
      </div>
    </main>
  );
}
