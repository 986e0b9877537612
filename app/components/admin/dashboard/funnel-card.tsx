import { Link } from "react-router";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";
import { buttonVariants } from "~/components/ui/button-variants";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import type { FunnelQuery, FunnelSortColumn } from "~/lib/schemas/funnel";

type Counts = { visits: number; leads: number; booked: number; qualified: number; clients: number };
export type FunnelView = {
  range: { from: string; to: string; label: string };
  query: FunnelQuery;
  error: string | null;
  totals: Counts;
  byCampaign: (Counts & { campaign: string; source: string; medium: string })[];
  byLandingPage: (Counts & { landingPath: string })[];
};

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((part / whole) * 100).toFixed(1)}%`);

function queryString(query: FunnelQuery, changes: Partial<FunnelQuery> = {}) {
  const next = { ...query, ...changes };
  const params = new URLSearchParams({ range: next.range, sort: next.sort, dir: next.dir });
  if (next.range === "custom") {
    params.set("from", next.from ?? "");
    params.set("to", next.to ?? "");
  }
  return params.toString();
}

/** Visits to leads to clients for a date range: a chart of the totals, then by campaign and by landing page. */
export function FunnelCard({ funnel }: { funnel: FunnelView }) {
  const { query } = funnel;
  const campaignRows = funnel.byCampaign.map((row) => ({
    key: `${row.campaign}\u0000${row.source}\u0000${row.medium}`,
    name: (
      <>
        {row.campaign || <span className="text-muted-foreground italic">No campaign</span>}
        <span className="block font-normal text-muted-foreground text-xs">
          {row.source || "(direct)"} / {row.medium || "(none)"}
        </span>
      </>
    ),
    counts: row,
  }));
  const landingPageRows = funnel.byLandingPage.map((row) => ({
    key: row.landingPath,
    name: row.landingPath || <span className="text-muted-foreground italic">Unknown</span>,
    counts: row,
  }));
  return (
    <TitledCard
      data-slot="funnel-card"
      title="Funnel"
      description={
        <>
          Visits (browser sessions, bots excluded), leads, calls booked, qualified and clients,{" "}
          {funnel.range.label.toLowerCase()} (UTC). Spam never counts; leads are credited to the campaign and landing
          page of their visit. Calls booked are the range's leads that booked a strategy call at any time, kept or
          cancelled since.
        </>
      }
      contentClassName="grid gap-6"
    >
      <FunnelRangeForm funnel={funnel} />
      {funnel.error ? (
        <p role="alert" className="text-destructive text-sm">
          {funnel.error} Showing the last 30 days.
        </p>
      ) : null}
      <FunnelChart totals={funnel.totals} />
      <FunnelTable caption="By campaign" nameHeader="Campaign · source / medium" query={query} rows={campaignRows} />
      <FunnelTable caption="By landing page" nameHeader="Landing page" query={query} rows={landingPageRows} />
    </TitledCard>
  );
}

function FunnelRangeForm({ funnel }: { funnel: FunnelView }) {
  const { query } = funnel;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <form method="get" className="flex flex-wrap items-end gap-3" aria-label="Funnel date range">
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        <div className="grid gap-1">
          <Label htmlFor="funnel-range">Date range</Label>
          <NativeSelect id="funnel-range" name="range" defaultValue={query.range} containerClassName="w-40">
            <NativeSelectOption value="7">Last 7 days</NativeSelectOption>
            <NativeSelectOption value="30">Last 30 days</NativeSelectOption>
            <NativeSelectOption value="90">Last 90 days</NativeSelectOption>
            <NativeSelectOption value="custom">Custom (from–to)</NativeSelectOption>
          </NativeSelect>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="funnel-from">From</Label>
          <Input id="funnel-from" name="from" type="date" defaultValue={funnel.range.from} className="w-40" />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="funnel-to">To</Label>
          <Input id="funnel-to" name="to" type="date" defaultValue={funnel.range.to} className="w-40" />
        </div>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </form>
      <a
        href={`/admin/dashboard/funnel.csv?${queryString(query)}`}
        className={buttonVariants({ variant: "outline" })}
        download
      >
        Export CSV
      </a>
    </div>
  );
}

const STEPS = [
  { key: "visits", label: "Visits", colour: "#0072B2" },
  { key: "leads", label: "Leads", colour: "#E69F00" },
  { key: "booked", label: "Calls booked", colour: "#56B4E9" },
  { key: "qualified", label: "Qualified", colour: "#009E73" },
  { key: "clients", label: "Clients", colour: "#CC79A7" },
] as const;

/** The totals as funnel bars, drawn on the server; the rate beside each bar is from the step before. */
export function FunnelChart({ totals }: { totals: Counts }) {
  const width = 760;
  const rowHeight = 34;
  const labelWidth = 100;
  const barSpace = width - labelWidth - 170;
  const largest = Math.max(1, ...STEPS.map((step) => totals[step.key]));
  const summary = STEPS.map((step) => `${step.label} ${totals[step.key].toLocaleString("en-US")}`).join(", ");
  return (
    <svg
      viewBox={`0 0 ${width} ${rowHeight * STEPS.length}`}
      className="h-auto w-full max-w-3xl"
      role="img"
      aria-label={`Funnel: ${summary}`}
      data-testid="funnel-chart"
    >
      {STEPS.map((step, index) => {
        const value = totals[step.key];
        const y = index * rowHeight;
        const barWidth = Math.max(value > 0 ? 2 : 0, (value / largest) * barSpace);
        const previous = index === 0 ? null : totals[STEPS[index - 1]!.key];
        return (
          <g key={step.key}>
            <text x={0} y={y + 21} fontSize="13" fill="currentColor">
              {step.label}
            </text>
            <rect x={labelWidth} y={y + 6} width={barWidth} height={rowHeight - 12} rx={3} fill={step.colour} />
            <text x={labelWidth + barWidth + 8} y={y + 21} fontSize="13" fill="currentColor">
              {value.toLocaleString("en-US")}
              {previous === null ? "" : ` (${percent(value, previous)})`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

type TableRow = { key: string; name: React.ReactNode; counts: Counts };

const COLUMNS: { key: FunnelSortColumn; label: string }[] = [
  { key: "visits", label: "Visits" },
  { key: "leads", label: "Leads" },
  { key: "visitToLead", label: "Visit → lead" },
  { key: "booked", label: "Calls booked" },
  { key: "qualified", label: "Qualified" },
  { key: "clients", label: "Clients" },
  { key: "leadToClient", label: "Lead → client" },
];

function SortHeader({ column, label, query }: { column: FunnelSortColumn; label: string; query: FunnelQuery }) {
  const active = query.sort === column;
  const nextDir = active && query.dir === "desc" ? "asc" : "desc";
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}
      className="py-2 pr-3 text-right font-medium first:text-left"
    >
      <Link
        to={`?${queryString(query, { sort: column, dir: column === "name" && !active ? "asc" : nextDir })}`}
        preventScrollReset
        className="underline-offset-4 hover:underline"
      >
        {label}
        {active ? (query.dir === "asc" ? " ▲" : " ▼") : ""}
      </Link>
    </th>
  );
}

function FunnelTable({
  caption,
  nameHeader,
  query,
  rows,
}: {
  caption: string;
  nameHeader: string;
  query: FunnelQuery;
  rows: TableRow[];
}) {
  return (
    <div className="overflow-x-auto">
      <table
        className="w-full min-w-[720px] text-sm"
        data-testid={`funnel-${caption.toLowerCase().replaceAll(" ", "-")}`}
      >
        <caption className="pb-2 text-left font-semibold">{caption}</caption>
        <thead className="text-left text-muted-foreground">
          <tr className="border-b">
            <SortHeader column="name" label={nameHeader} query={query} />
            {COLUMNS.map((column) => (
              <SortHeader key={column.key} column={column.key} label={column.label} query={query} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS.length + 1} className="py-3 text-muted-foreground">
                No visits or leads in this range.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key} className="border-b last:border-0">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.name}
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{row.counts.visits.toLocaleString("en-US")}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{row.counts.leads.toLocaleString("en-US")}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{percent(row.counts.leads, row.counts.visits)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {row.counts.booked.toLocaleString("en-US")}{" "}
                  <span className="text-muted-foreground">({percent(row.counts.booked, row.counts.leads)})</span>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {row.counts.qualified.toLocaleString("en-US")}{" "}
                  <span className="text-muted-foreground">({percent(row.counts.qualified, row.counts.leads)})</span>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {row.counts.clients.toLocaleString("en-US")}{" "}
                  <span className="text-muted-foreground">({percent(row.counts.clients, row.counts.qualified)})</span>
                </td>
                <td className="py-2 pr-3 text-right tabular-nums">{percent(row.counts.clients, row.counts.leads)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
