import { DateText } from "~/components/admin/date-text";
import { TitledCard } from "~/components/admin/titled-card";
import type { LeadDetail } from "~/lib/types/leads";
import { Facts } from "./facts";

/** How to reach the lead, and what they wrote. */
export function ContactCard({ lead }: { lead: LeadDetail["lead"] }) {
  return (
    <TitledCard title="Contact">
      <Facts
        facts={[
          [
            "Email",
            <a key="email" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>,
          ],
          [
            "Phone",
            lead.phone && !lead.phoneMatchable ? (
              <span key="phone">
                {lead.phone}{" "}
                <span className="text-muted-foreground text-xs">
                  (not a valid phone number: kept as typed, not used to recognise this person)
                </span>
              </span>
            ) : (
              lead.phone
            ),
          ],
          ["Company", lead.company],
          ["Form", lead.formName],
          ["Updated", <DateText key="updated" iso={lead.updatedAt} withTime />],
        ]}
      />
      {lead.message ? (
        <div className="mt-4">
          <h3 className="font-medium text-sm">Message</h3>
          <p className="whitespace-pre-line text-sm wrap-anywhere">{lead.message}</p>
        </div>
      ) : null}
    </TitledCard>
  );
}
