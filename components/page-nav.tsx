import Link from "next/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";

interface PageStep {
  href: string;
  enabled: boolean;
  /** What the button says to a screen reader: «Предыдущие студенты», «Следующие работы». */
  label: string;
}

/** A paged list's previous and next buttons around «1–50 из 5 000» (lib/domain/pagination.ts). */
export function PageNav({ label, summary, previous, next }: { label: string; summary: string; previous: PageStep; next: PageStep }) {
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      <PageLink step={previous}>
        <ChevronLeft aria-hidden />
      </PageLink>
      <span aria-live="polite">{summary}</span>
      <PageLink step={next}>
        <ChevronRight aria-hidden />
      </PageLink>
    </nav>
  );
}

function PageLink({ step, children }: { step: PageStep; children: React.ReactNode }) {
  if (!step.enabled) {
    return (
      <Button variant="outline" size="icon" disabled aria-label={step.label}>
        {children}
      </Button>
    );
  }
  return (
    <Button variant="outline" size="icon" asChild>
      <Link href={step.href} aria-label={step.label}>
        {children}
      </Link>
    </Button>
  );
}
