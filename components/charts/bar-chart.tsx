/**
 * Charts are server-rendered SVG, no charting library: a page of four small charts needs bars,
 * axes and labels, which is a few lines of SVG, while a client charting library (Recharts, Chart.js)
 * would add 50–100 kB gzip of script and blow the admin routes' first-load JS budget
 * (the floor + 35 kB). The numbers stay readable without script, and print.
 */

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

export interface Bar {
  /** Under the bar, shown for every `labelEvery`-th bar. */
  label: string;
  value: number;
  /** The bar's tooltip («25.11: 4 активных»). */
  hint: string;
}

/** A nice round top for the axis: 1, 2, 5, 10, 20, 50… at or above the largest value. */
export function axisTop(max: number): number {
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * magnitude).find((top) => top >= max) ?? 10 * magnitude;
}

/** Vertical bars over time (active students per day), with the role of an image named by its title. */
export function BarChart({ id, title, description, bars, labelEvery = 1 }: { id: string; title: string; description: string; bars: Bar[]; labelEvery?: number }) {
  const top = axisTop(Math.max(0, ...bars.map((bar) => bar.value)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, bars.length);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="h-auto w-full text-[11px]">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      {[0, top / 2, top].map((tick) => (
        <g key={tick} className="text-muted-foreground">
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="currentColor" strokeOpacity={0.25} />
          <text x={PAD.left - 6} y={y(tick)} dy="0.35em" textAnchor="end" fill="currentColor">
            {Number.isInteger(tick) ? tick : tick.toFixed(1)}
          </text>
        </g>
      ))}
      {bars.map((bar, index) => {
        const x = PAD.left + index * slot;
        return (
          <g key={index}>
            <rect x={x + slot * 0.15} y={y(bar.value)} width={slot * 0.7} height={Math.max(0, y(0) - y(bar.value))} rx={2} className="fill-primary">
              <title>{bar.hint}</title>
            </rect>
            {(bars.length - 1 - index) % labelEvery === 0 && (
              <text x={x + slot / 2} y={HEIGHT - 8} textAnchor="middle" className="fill-muted-foreground">
                {bar.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
