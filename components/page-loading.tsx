import { PageShell } from "@/components/page-header";
import { Skeleton } from "@/components/ui/skeleton";

/** The skeleton every server-rendered page shows while its data loads. */
export default function PageLoading() {
  return (
    <PageShell>
      <div role="status" aria-label="Загрузка" className="flex flex-col gap-4">
        <Skeleton className="h-8 w-32" />
        <Skeleton className="h-9 w-64" />
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-16 w-full" />
        ))}
      </div>
    </PageShell>
  );
}
