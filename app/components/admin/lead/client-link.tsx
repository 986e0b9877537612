import { BriefcaseIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { LeadDetail } from "~/lib/types/leads";

/** Converting belongs to Clients: its New Client dialog opens prefilled from `?convert=<leadId>`. */
export function ClientLink({ detail }: { detail: LeadDetail }) {
  if (detail.client) {
    const query = detail.client.email ?? detail.client.name;
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={`/admin/clients?q=${encodeURIComponent(query)}`}>
          <BriefcaseIcon /> View client
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild size="sm">
      <Link to={`/admin/clients?convert=${encodeURIComponent(detail.lead.id)}`}>
        <BriefcaseIcon /> Convert to client
      </Link>
    </Button>
  );
}
