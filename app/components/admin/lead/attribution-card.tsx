import { TitledCard } from "~/components/admin/titled-card";
import type { LeadDetail } from "~/lib/types/leads";
import { Facts } from "./facts";

export function AttributionCard({ lead }: { lead: LeadDetail["lead"] }) {
  return (
    <TitledCard
      title="Attribution"
      description="The campaign that first brought this visitor (first touch), and where they wrote."
    >
      <Facts
        facts={[
          ["utm_source", lead.utmSource],
          ["utm_medium", lead.utmMedium],
          ["utm_campaign", lead.utmCampaign],
          ["Page", lead.pageUrl],
          ["Referrer", lead.referrer],
          ...Object.entries(lead.browserInfo ?? {}).map(
            ([key, value]) => [`Browser ${key}`, value == null ? null : String(value)] as [string, string | null],
          ),
        ]}
      />
    </TitledCard>
  );
}
