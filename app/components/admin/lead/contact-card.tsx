import { DateText } from "~/components/admin/date-text";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { LeadDetail } from "~/server/leads/leads.server";
import { Facts } from "./facts";

/** How to reach the lead, and what they wrote. */
export function ContactCard({ lead }: { lead: LeadDetail["lead"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Contact</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Facts
          facts={[
            [
              "Email",
              <a key="email" href={`mailto:${lead.email}`}>
                {lead.email}
              </a>,
            ],
            ["Phone", lead.phone],
            ["Company", lead.company],
            ["Form", lead.formName],
            ["Updated", <DateText key="updated" iso={lead.updatedAt} withTime />],
          ]}
        />
        {lead.message ? (
          <div className="mt-4">
            <h3 className="font-medium text-sm">Message</h3>
            <p className="whitespace-pre-line text-sm">{lead.message}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
