import Link from "next/link";
import type { Table } from "@/lib/domain/analytics";
import { cn } from "@/lib/utils";

/** A panel's figures as a table: the same rows the chart draws and the CSV holds; a cell may link somewhere. */
export function DataTable({
  caption,
  table,
  className,
  hrefOf,
}: {
  caption: string;
  table: Table;
  className?: string;
  hrefOf?: (row: number, column: number) => string | null;
}) {
  return (
    // A region one can focus and scroll with the keyboard when the table is wider than the screen; named
    // apart from the panel (a section with the same title) that holds it.
    <div
      role="region"
      aria-label={`Таблица: ${caption}`}
      tabIndex={0}
      className={cn("overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, index) => (
            <tr key={index} className="border-t">
              {row.map((cell, column) => (
                <td key={column} className="px-3 py-1.5 tabular-nums">
                  {hrefOf?.(index, column) ? (
                    <Link href={hrefOf(index, column)!} className="font-medium underline-offset-4 hover:underline">
                      {cell}
                    </Link>
                  ) : (
                    cell
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
