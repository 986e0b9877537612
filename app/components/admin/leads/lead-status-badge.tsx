import { Badge } from "~/components/ui/badge";
import { type LeadStatus, leadStatusLabels } from "~/lib/schemas/lead-admin";

const variants: Record<LeadStatus, "default" | "secondary" | "outline" | "destructive"> = {
  new: "default",
  contacted: "secondary",
  qualified: "secondary",
  converted: "outline",
  closed: "outline",
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge variant={variants[status]} data-slot="lead-status-badge">
      {leadStatusLabels[status]}
    </Badge>
  );
}
