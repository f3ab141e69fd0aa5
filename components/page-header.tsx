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
  return (
    <header className="flex flex-col gap-4 border-b pb-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col items-start gap-2">
        {backHref && (
          // Wrapping: a back label can carry a tool's name («К урокам …»), as long as a name may be.
          <Button asChild variant="ghost" size="wrapping" className="-ml-4 max-w-full justify-start text-left">
            <Link href={backHref}>
              <ArrowLeft aria-hidden />
              {backLabel ?? "Назад"}
            </Link>
          </Button>
        )}
        <h1 className="max-w-full text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      </div>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </header>
  );
}

export function PageShell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">{children}</main>;
}
