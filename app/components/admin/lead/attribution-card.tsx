import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { LeadDetail } from "~/server/leads/leads.server";
import { Facts } from "./facts";

export function AttributionCard({ lead }: { lead: LeadDetail["lead"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Attribution</h2>
        </CardTitle>
        <CardDescription>
          The campaign that first brought this visitor (first touch), and where they wrote.
        </CardDescription>
      </CardHeader>
      <CardContent>
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
      </CardContent>
    </Card>
  );
}
