import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import type { LeadForConversion } from "~/lib/types/clients";

/** What the clients screen was asked to convert: the lead to turn into a client, or why it cannot be. */
export type Conversion = { lead: LeadForConversion } | { missingLeadId: string } | null;

export function ConversionNotice({ conversion }: { conversion: Conversion }) {
  if (!conversion) return null;
  if ("missingLeadId" in conversion) {
    return (
      <Alert variant="destructive">
        <AlertTitle>That lead no longer exists</AlertTitle>
        <AlertDescription>It may have been deleted, so it cannot be converted to a client.</AlertDescription>
      </Alert>
    );
  }
  const existing = conversion.lead.existingClient;
  if (existing) {
    return (
      <Alert>
        <AlertTitle>Already a client</AlertTitle>
        <AlertDescription>
          The lead {conversion.lead.name} was already converted to the client {existing.name}.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert>
      <AlertTitle>Converting a lead</AlertTitle>
      <AlertDescription>
        <p>
          The New Client form is filled in from the lead{" "}
          <Link className="underline underline-offset-4" to={`/admin/leads/${conversion.lead.id}`}>
            {conversion.lead.name}
          </Link>
          . Saving creates the client and marks the lead converted.
        </p>
      </AlertDescription>
    </Alert>
  );
}
