import Link from "next/link";
import { ArrowRight, ClipboardCheck } from "lucide-react";

/** A curator's landing: how many works wait for review, leading to the queue («Ждут проверки: 3»). */
export function ReviewsWaiting({ count }: { count: number }) {
  return (
    <Link
      href="/admin/reviews"
      className="group flex items-center gap-4 rounded-xl border p-4 outline-none transition-colors hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ClipboardCheck className="size-8 shrink-0 text-primary" aria-hidden />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold">Ждут проверки: {count}</span>
        <span className="text-sm text-muted-foreground">{count ? "Открыть очередь работ" : "Новых работ нет — очередь работ"}</span>
      </span>
      <ArrowRight className="size-5 shrink-0 transition-transform group-hover:translate-x-1" aria-hidden />
    </Link>
  );
}
