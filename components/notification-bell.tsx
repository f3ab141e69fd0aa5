import Link from "next/link";
import { Bell } from "lucide-react";
import { pluralForm } from "@/lib/domain/plural";

/** What the badge shows: past 99, «99+». */
const shown = (count: number) => (count > 99 ? "99+" : String(count));

/** The link's name holds the badge's text as shown (WCAG 2.5.3, label in name): «Уведомления: 99+ непрочитанных». */
const label = (count: number | null) =>
  count
    ? `Уведомления: ${shown(count)} ${pluralForm(count, { one: "непрочитанное", few: "непрочитанных", many: "непрочитанных" })}`
    : "Уведомления";

/** The bell with the unread count; `count` null while it loads (the link works all the same). */
export function NotificationBellLink({ count }: { count: number | null }) {
  return (
    <Link
      href="/notifications"
      aria-label={label(count)}
      className="relative inline-flex size-9 items-center justify-center rounded-md outline-none transition-colors pointer-coarse:size-11 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <Bell className="size-5" aria-hidden />
      {count ? (
        <span
          aria-hidden
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center text-[11px] font-semibold leading-5 text-primary-foreground"
        >
          {shown(count)}
        </span>
      ) : null}
    </Link>
  );
}

/** Awaits the count the layout started beside the page's reads (null when it failed: the plain bell). */
export async function NotificationBell({ count }: { count: Promise<number | null> }) {
  return <NotificationBellLink count={await count} />;
}
