import type { ClientStatus } from "~/lib/schemas/clients";

export const statusLabels: Record<ClientStatus, string> = {
  active: "Active",
  inactive: "Inactive",
  suspended: "Suspended",
};
export const statusVariants = { active: "default", inactive: "secondary", suspended: "destructive" } as const;
