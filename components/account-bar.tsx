import { Suspense } from "react";
import Link from "next/link";
import { Award, Settings } from "lucide-react";
import { SITE_NAME } from "@/lib/site";
import { cn } from "@/lib/utils";
import { NotificationBell, NotificationBellLink } from "./notification-bell";

/**
 * The top of every signed-in page: the school's name, the bell, «Сертификаты» and «Настройки». The unread count
 * is a promise the layout started, so it is read beside the page's own data, not after it.
 */
export function AccountBar({ unread, wide = false }: { unread: Promise<number | null>; wide?: boolean }) {
  return (
    <header className="border-b">
      <div className={cn("mx-auto flex w-full items-center justify-between gap-2 px-4 py-1 sm:px-6", wide ? "max-w-7xl" : "max-w-5xl")}>
        <Link href="/dashboard" className="truncate rounded-md text-sm font-semibold outline-none pointer-coarse:py-3 focus-visible:ring-[3px] focus-visible:ring-ring/50">
          {SITE_NAME}
        </Link>
        <nav aria-label="Аккаунт" className="flex shrink-0 items-center gap-1">
          <Suspense fallback={<NotificationBellLink count={null} />}>
            <NotificationBell count={unread} />
          </Suspense>
          <Link
            href="/certificates"
            aria-label="Сертификаты"
            title="Сертификаты"
            className="inline-flex size-9 items-center justify-center rounded-md outline-none transition-colors pointer-coarse:size-11 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Award className="size-5" aria-hidden />
          </Link>
          <Link
            href="/settings"
            aria-label="Настройки"
            className="inline-flex size-9 items-center justify-center rounded-md outline-none transition-colors pointer-coarse:size-11 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <Settings className="size-5" aria-hidden />
          </Link>
        </nav>
      </div>
    </header>
  );
}
