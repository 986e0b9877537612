import { Badge } from "~/components/ui/badge";
import { type ClientStatus, clientStatusLabels } from "~/lib/schemas/clients";

export const statusLabels = clientStatusLabels;
export const statusVariants = { active: "default", inactive: "secondary", suspended: "destructive" } as const;

export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  return <Badge variant={statusVariants[status]}>{statusLabels[status]}</Badge>;
}
