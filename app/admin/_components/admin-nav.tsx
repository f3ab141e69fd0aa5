"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils";

export interface AdminNavLink {
  href: string;
  label: string;
}

const isCurrent = (path: string, href: string) => (href === "/admin" ? path === href : path === href || path.startsWith(`${href}/`));

/** The admin area's sections, as many as the role opens; the current one is marked for screen readers too. */
export function AdminNav({ links }: { links: AdminNavLink[] }) {
  const path = usePathname();
  return (
    <div className="border-b bg-muted/40">
      <nav aria-label="Разделы администрирования" className="mx-auto flex w-full max-w-7xl gap-1 overflow-x-auto px-4 py-2 sm:px-6">
        {links.map((link) => {
          const current = isCurrent(path, link.href);
          return (
            <Link
              key={link.href}
              href={link.href}
              aria-current={current ? "page" : undefined}
              className={cn(
                "shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm pointer-coarse:py-3 font-medium outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                current ? "bg-background text-foreground shadow-xs" : "text-muted-foreground",
              )}
            >
              {link.label}
            </Link>
          );
        })}
      </nav>
    </div>
  );
}
