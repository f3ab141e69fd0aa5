import { CsvLink } from "@/components/charts/chart-figure";

/** One panel of the analytics page: a heading, the CSV of its table, a note on what counts, the content. */
export function Panel({
  id,
  title,
  csvHref,
  note,
  children,
}: {
  id: string;
  title: string;
  /** None for a panel with no CSV of its own. */
  csvHref?: string;
  note?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4 rounded-xl border p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        {csvHref && <CsvLink href={csvHref} caption={title} />}
      </div>
      {note && <p className="text-sm text-muted-foreground">{note}</p>}
      {children}
    </section>
  );
}

/** A figure in large type with what it counts («12 / ждут проверки»). */
export function Stat({ value, label }: { value: string; label: string }) {
  return (
    <div className="flex flex-col rounded-lg bg-muted/50 px-4 py-3">
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
