import { Badge } from "~/components/ui/badge";
import { type LeadStatusValue, leadStatusLabels } from "~/lib/schemas/lead-admin";

const variants: Record<LeadStatusValue, "default" | "secondary" | "outline" | "destructive"> = {
  new: "default",
  contacted: "secondary",
  qualified: "secondary",
  converted: "outline",
  closed: "outline",
};

export function LeadStatusBadge({ status }: { status: LeadStatusValue }) {
  return (
    <Badge variant={variants[status]} data-slot="lead-status-badge">
      {leadStatusLabels[status]}
    </Badge>
  );
}
