import { DateText } from "~/components/admin/date-text";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { FormLead } from "~/server/forms/forms.server";
import { LeadStatusBadge } from "./lead-status-badge";
import { LeadStatusSelect } from "./lead-status-select";

/** A lead as one form's leads screen shows it: contact details, message and its status. */
export function FormLeadCard({ lead }: { lead: FormLead }) {
  const details = [
    { label: "Phone", value: lead.phone },
    { label: "Company", value: lead.company },
    { label: "Source", value: lead.source },
  ];
  return (
    <Card data-testid={`lead-${lead.email}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle asChild>
            <h2 className="text-lg">{lead.name}</h2>
          </CardTitle>
          <p className="break-all text-sm">
            <a className="underline-offset-4 hover:underline" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
          </p>
          <p className="text-muted-foreground text-xs">
            <DateText iso={lead.createdAt} withTime />
          </p>
        </div>
        <div className="flex items-center gap-2">
          <LeadStatusBadge status={lead.status} />
          <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
        </div>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <dl className="grid gap-1 sm:grid-cols-3">
          {details.map((detail) => (
            <div key={detail.label}>
              <dt className="text-muted-foreground text-xs">{detail.label}</dt>
              <dd className="break-words">{detail.value || "—"}</dd>
            </div>
          ))}
        </dl>
        {lead.message ? (
          <div>
            <p className="text-muted-foreground text-xs">Message</p>
            <p className="whitespace-pre-line break-words">{lead.message}</p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
