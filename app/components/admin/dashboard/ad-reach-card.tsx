import { TitledCard } from "~/components/admin/titled-card";
import { adPlatformLabels } from "~/lib/schemas/ads";

const STAGES = [
  ["lead", "Leads"],
  ["call_booked", "Calls booked"],
  ["call_held", "Calls held"],
  ["qualified", "Qualified"],
  ["client", "Clients"],
] as const;

type Stage = (typeof STAGES)[number][0];

export type AdReachRow = {
  campaign: string;
  source: string;
  medium: string;
  platform: keyof typeof adPlatformLabels;
  stages: Record<Stage, { sent: number; accepted: number }>;
};

/**
 * Per campaign and platform, how many of each stage the platform accepted out of those sent: what
 * the platform's bidding has been told, beside the funnel of the same range.
 */
export function AdReachCard({ rows, rangeLabel }: { rows: AdReachRow[]; rangeLabel: string }) {
  return (
    <TitledCard
      data-slot="ad-reach-card"
      title="Stages reached on the ad platforms"
      description={`Accepted / sent, for the leads of the funnel's range (${rangeLabel.toLowerCase()}) by the campaign they came from. Conversions not sent (no consent, cancelled) count in neither.`}
    >
      {/* A region that scrolls must take keyboard focus: the table in it has nothing else that can. */}
      <section
        className="overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by keyboard to scroll it.
        tabIndex={0}
        aria-label="Stages reached on the ad platforms table"
      >
        <table className="w-full min-w-[720px] text-sm" data-testid="ad-reach-table">
          <caption className="sr-only">Accepted and sent conversions by campaign, platform and stage</caption>
          <thead className="text-left text-muted-foreground">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 font-medium">
                Campaign · source / medium
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Platform
              </th>
              {STAGES.map(([stage, label]) => (
                <th key={stage} scope="col" className="py-2 pr-3 text-right font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={`${row.campaign}\u0000${row.source}\u0000${row.medium}\u0000${row.platform}`}
                className="border-b last:border-0"
                data-testid="ad-reach-row"
              >
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {row.campaign || <span className="text-muted-foreground italic">No campaign</span>}
                  <span className="block font-normal text-muted-foreground text-xs">
                    {row.source || "(direct)"} / {row.medium || "(none)"}
                  </span>
                </th>
                <td className="py-2 pr-3">{adPlatformLabels[row.platform]}</td>
                {STAGES.map(([stage]) => (
                  <td key={stage} className="py-2 pr-3 text-right tabular-nums">
                    {row.stages[stage].accepted} / {row.stages[stage].sent}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </TitledCard>
  );
}
