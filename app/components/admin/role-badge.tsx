import { Badge } from "~/components/ui/badge";
import { isRole, roleBadgeVariant, roleLabels } from "~/lib/roles";

export function RoleBadge({ role }: { role: string | null | undefined }) {
  return (
    <Badge data-slot="role-badge" variant={roleBadgeVariant(role)}>
      {isRole(role) ? roleLabels[role] : role || "No role"}
    </Badge>
  );
}
