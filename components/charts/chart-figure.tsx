import type { Table } from "@/lib/domain/analytics";
import { DataTable } from "./data-table";

/**
 * A chart with its figures: the SVG for the eye, the table for screen readers (always in the
 * accessibility tree; shown on screen by «Показать цифрами», a plain <details>, no script). The
 * section that holds it offers the same table as CSV (CsvLink). The table's scrolling region is
 * a tab stop, so it shows itself when focused even while closed.
 */
export function ChartFigure({ caption, table, children }: { caption: string; table: Table; children: React.ReactNode }) {
  return (
    <figure className="flex flex-col gap-3">
      {children}
      <details className="peer text-sm">
        <summary className="w-fit cursor-pointer text-muted-foreground hover:text-foreground">Показать цифрами</summary>
      </details>
      <DataTable caption={caption} table={table} className="sr-only peer-open:not-sr-only focus-visible:not-sr-only" />
    </figure>
  );
}

export function CsvLink({ href, caption }: { href: string; caption: string }) {
  return (
    <a href={href} download aria-label={`Скачать CSV: ${caption}`} className="font-medium text-primary underline-offset-4 hover:underline">
      Скачать CSV
    </a>
  );
}
