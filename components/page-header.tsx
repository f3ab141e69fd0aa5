import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A page's top bar: a back link, the title, and optional actions on the right. */
export function PageHeader({
  backHref,
  backLabel,
  title,
  children,
}: {
  backHref?: string;
  backLabel?: string;
  title: string;
  children?: React.ReactNode;
}) {
  const back = backHref && (
    // Above the title row, so the page's actions never squeeze it; one line, cut with «…» when a
    // name in it (a tool's, «К урокам …») is longer than the row, the whole label on hover.
    <Button asChild variant="ghost" size="wrapping" className="-ml-4 max-w-full justify-start self-start text-left">
      <Link href={backHref} title={backLabel}>
        <ArrowLeft aria-hidden />
        <span className="min-w-0 truncate">{backLabel ?? "Назад"}</span>
      </Link>
    </Button>
  );
  return (
    <header className="flex flex-col gap-2 border-b pb-4">
      {back}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="min-w-0 max-w-full text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
      </div>
    </header>
  );
}

export function PageShell({ children }: { children: React.ReactNode }) {
  return <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">{children}</main>;
}
