import { TitledCard } from "~/components/admin/titled-card";
import type { LeadAdSummary } from "~/lib/types/ads";
import { Facts } from "./facts";

const clickList = (clicks: Record<string, string>) =>
  Object.keys(clicks).length === 0
    ? null
    : Object.entries(clicks)
        .map(([name, value]) => `${name}=${value}`)
        .join(", ");

/** The lead's ad click ids, the advertising consent they came with, and each conversion sent back. */
export function AdSignalsCard({ summary }: { summary: LeadAdSummary }) {
  const consent = summary.consent
    ? summary.consent.adUserData
      ? "Granted (click ids and hashed e-mail/phone may be sent)"
      : "Refused (no click ids kept, nothing sent)"
    : null;
  return (
    <TitledCard title="Ad platforms" description="Click ids from the visit and the stages reported to ad platforms.">
      <Facts
        facts={[
          ["Advertising consent", consent],
          ["Clicks, first touch", clickList(summary.firstClicks)],
          ["Clicks, last touch", clickList(summary.lastClicks)],
        ]}
      />
      {summary.conversions.length > 0 ? (
        <ul className="mt-4 space-y-1 text-sm" data-slot="ad-conversions">
          {summary.conversions.map((conversion) => (
            <li key={conversion.id}>
              <span className="font-medium">{conversion.platform}</span> · {conversion.stage.replace("_", " ")}
              {conversion.kind === "retraction" ? " (retraction)" : ""} · {conversion.status.replace("_", " ")}
              {conversion.lastError ? <span className="text-muted-foreground"> — {conversion.lastError}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </TitledCard>
  );
}
