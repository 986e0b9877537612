import type { CampaignRow } from "~/lib/types/dashboard";

const columns = [
  ["Campaign", "py-2 pr-3 font-medium"],
  ["New leads", "py-2 pr-3 text-right font-medium"],
  ["Returning", "py-2 pr-3 text-right font-medium"],
  ["Qualified", "py-2 pr-3 text-right font-medium"],
  ["Converted", "py-2 text-right font-medium"],
] as const;

/** Leads per campaign over the last 30 days. */
export function CampaignTable({ rows }: { rows: CampaignRow[] }) {
  if (rows.length === 0) {
    return <p className="text-muted-foreground text-sm">No leads in the last 30 days yet.</p>;
  }
  const percent = (part: number, whole: number) => (whole === 0 ? "0%" : `${Math.round((part / whole) * 100)}%`);
  return (
    <table className="w-full min-w-[480px] text-sm" data-testid="campaign-table">
      <caption className="sr-only">
        New leads, returning enquiries, qualified and converted by UTM campaign, last 30 days
      </caption>
      <thead className="text-left text-muted-foreground">
        <tr className="border-b">
          {columns.map(([label, className]) => (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.campaign ?? ""} className="border-b last:border-0">
            <th scope="row" className="py-2 pr-3 text-left font-medium">
              {row.campaign === null ? <span className="text-muted-foreground italic">No campaign</span> : row.campaign}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{row.leads}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{row.returning}</td>
            <td className="py-2 pr-3 text-right tabular-nums">
              {row.qualified} <span className="text-muted-foreground">({percent(row.qualified, row.leads)})</span>
            </td>
            <td className="py-2 text-right tabular-nums">
              {row.converted} <span className="text-muted-foreground">({percent(row.converted, row.leads)})</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
