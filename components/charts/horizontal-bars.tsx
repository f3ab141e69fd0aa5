import { axisTop } from "./bar-chart";

const WIDTH = 720;
const ROW = 30;
const LABEL = 220;
const VALUE = 190;

export interface HorizontalRow {
  label: string;
  /** The long, light bar (e.g. opened). */
  value: number;
  /** An optional shorter, dark bar drawn over it (e.g. passed). */
  inner?: number;
  /** What the row says at its end («12 открыли, 8 прошли»). */
  valueLabel: string;
  /** Marked in the destructive colour with `markLabel` (the funnel's biggest drop). */
  marked?: boolean;
}

/** One bar per row (the funnel's lessons, the reviewers' medians), named and described for screen readers. */
export function HorizontalBars({
  id,
  title,
  description,
  rows,
  markLabel,
}: {
  id: string;
  title: string;
  description: string;
  rows: HorizontalRow[];
  markLabel?: string;
}) {
  const top = axisTop(Math.max(0, ...rows.map((row) => row.value)));
  const plot = WIDTH - LABEL - VALUE;
  const width = (value: number) => (value / top) * plot;
  const cut = (text: string) => (text.length > 34 ? `${text.slice(0, 33)}…` : text);
  return (
    <svg viewBox={`0 0 ${WIDTH} ${Math.max(1, rows.length) * ROW + 8}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full text-[12px]">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {rows.map((row, index) => {
        const y = 4 + index * ROW;
        return (
          <g key={index}>
            <text x={LABEL - 8} y={y + ROW / 2} dy="0.35em" textAnchor="end" className={row.marked ? "fill-destructive font-semibold" : "fill-foreground"}>
              {cut(row.label)}
            </text>
            <rect x={LABEL} y={y + 4} width={width(row.value)} height={ROW - 8} rx={2} className={row.marked ? "fill-destructive/30" : "fill-primary/25"} />
            {row.inner !== undefined && (
              <rect x={LABEL} y={y + 9} width={width(row.inner)} height={ROW - 18} rx={2} className={row.marked ? "fill-destructive" : "fill-primary"} />
            )}
            <text x={LABEL + width(row.value) + 6} y={y + ROW / 2} dy="0.35em" className="fill-muted-foreground">
              {row.marked && markLabel ? `${row.valueLabel} · ${markLabel}` : row.valueLabel}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
