import { useId } from "react";

export type LeadSeriesView = {
  days: string[];
  sources: string[];
  rows: { day: string; counts: Record<string, number>; total: number }[];
  total: number;
};

/** Colour-blind-safe colours (Okabe–Ito), and a pattern per series so colour is never the only cue. */
const palette = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#6B7280"];
const patterns = ["solid", "diagonal", "dots", "cross", "horizontal", "vertical"] as const;

const WIDTH = 760;
const HEIGHT = 260;
const PAD = { top: 20, right: 8, bottom: 28, left: 32 };

export function formatDay(day: string, style: "short" | "long" = "short") {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(style === "long" ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });
}

function niceMax(value: number) {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

function PatternDefs({ prefix }: { prefix: string }) {
  return (
    <defs>
      {patterns.map((kind, index) => {
        const colour = palette[index % palette.length];
        return (
          <pattern key={kind} id={`${prefix}-${index}`} width="6" height="6" patternUnits="userSpaceOnUse">
            <rect width="6" height="6" fill={colour} />
            {kind === "diagonal" ? (
              <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" stroke="#fff" strokeWidth="1.3" />
            ) : null}
            {kind === "dots" ? <circle cx="3" cy="3" r="1.3" fill="#fff" /> : null}
            {kind === "cross" ? <path d="M0,0 L6,6 M6,0 L0,6" stroke="#fff" strokeWidth="1" /> : null}
            {kind === "horizontal" ? <path d="M0,3 H6" stroke="#fff" strokeWidth="1.4" /> : null}
            {kind === "vertical" ? <path d="M3,0 V6" stroke="#fff" strokeWidth="1.4" /> : null}
          </pattern>
        );
      })}
    </defs>
  );
}

/**
 * New leads per day, stacked by source, drawn on the server as SVG: each source has its own colour
 * and pattern, every bar carries its total, and the same numbers follow as a table.
 */
export function LeadsChart({ series }: { series: LeadSeriesView }) {
  const prefix = `pattern-${useId().replace(/[^a-zA-Z0-9-]/g, "")}`;
  const titleId = `${prefix}-title`;
  const descId = `${prefix}-desc`;
  const max = niceMax(Math.max(0, ...series.rows.map((row) => row.total)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, series.rows.length);
  const barWidth = Math.max(4, slot * 0.7);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  const busiest = series.rows.reduce<(typeof series.rows)[number] | null>(
    (best, row) => (row.total > (best?.total ?? 0) ? row : best),
    null,
  );
  const bySource = series.sources
    .map((source) => ({ source, count: series.rows.reduce((sum, row) => sum + (row.counts[source] ?? 0), 0) }))
    .filter((entry) => entry.count > 0);
  const summary =
    series.total === 0
      ? "No new leads in the last 30 days."
      : `${series.total.toLocaleString("en-US")} new leads in the last 30 days${
          busiest ? `; the busiest day was ${formatDay(busiest.day, "long")} with ${busiest.total}` : ""
        }. By source: ${bySource.map((entry) => `${entry.source} ${entry.count}`).join(", ")}.`;

  return (
    <figure data-slot="leads-chart" className="space-y-4">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full text-muted-foreground"
        data-testid="leads-chart"
      >
        <title id={titleId}>New leads per day by source, last 30 days</title>
        <desc id={descId}>{summary}</desc>
        <PatternDefs prefix={prefix} />
        {[0, 0.25, 0.5, 0.75, 1]
          .map((fraction) => max * fraction)
          .filter((value) => Number.isInteger(value))
          .map((value) => (
            <g key={value}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(value)}
                y2={y(value)}
                stroke="currentColor"
                strokeOpacity={value === 0 ? 0.6 : 0.15}
              />
              <text x={PAD.left - 6} y={y(value) + 3} textAnchor="end" fontSize="10" fill="currentColor">
                {value}
              </text>
            </g>
          ))}
        {series.rows.map((row, index) => {
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          let stacked = 0;
          return (
            <g key={row.day} data-day={row.day}>
              {series.sources.map((source, sourceIndex) => {
                const count = row.counts[source] ?? 0;
                if (!count) return null;
                const top = y(stacked + count);
                const height = y(stacked) - top;
                stacked += count;
                return (
                  <rect
                    key={source}
                    x={x}
                    y={top}
                    width={barWidth}
                    height={height}
                    fill={`url(#${prefix}-${sourceIndex})`}
                    stroke="#fff"
                    strokeWidth="0.5"
                  >
                    <title>{`${formatDay(row.day)} · ${source}: ${count}`}</title>
                  </rect>
                );
              })}
              {row.total > 0 ? (
                <text
                  x={x + barWidth / 2}
                  y={y(row.total) - 4}
                  textAnchor="middle"
                  fontSize="10"
                  fontWeight="600"
                  className="fill-foreground"
                >
                  {row.total}
                </text>
              ) : null}
              {index % 5 === 0 || index === series.rows.length - 1 ? (
                <text x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize="10" fill="currentColor">
                  {formatDay(row.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="space-y-3 text-sm">
        {series.sources.length > 0 ? (
          <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="Sources">
            {series.sources.map((source, index) => (
              <li key={source} className="flex items-center gap-2">
                <svg width="14" height="14" aria-hidden="true" className="shrink-0 rounded-sm">
                  <rect width="14" height="14" fill={`url(#${prefix}-${index})`} />
                </svg>
                {source}
              </li>
            ))}
          </ul>
        ) : null}
        <p className="text-muted-foreground" data-testid="leads-chart-summary">
          {summary}
        </p>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Show the numbers as a table</summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">New leads per day by source, last 30 days</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Day
                </th>
                {series.sources.map((source) => (
                  <th key={source} scope="col" className="py-1 pr-3 text-right font-medium">
                    {source}
                  </th>
                ))}
                <th scope="col" className="py-1 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {series.rows.map((row) => (
                <tr key={row.day} className="border-b last:border-0">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    <time dateTime={row.day}>{formatDay(row.day, "long")}</time>
                  </th>
                  {series.sources.map((source) => (
                    <td key={source} className="py-1 pr-3 text-right tabular-nums">
                      {row.counts[source] ?? 0}
                    </td>
                  ))}
                  <td className="py-1 text-right font-medium tabular-nums">{row.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
