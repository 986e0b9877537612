/**
 * The name visitors read for a staff member (booking pages, invitations): the one they chose, or null
 * when they chose none or it is only their address's local part (older accounts got that as a name).
 */
export function visibleStaffName(staff: { name: string; email: string } | undefined) {
  const name = staff?.name.trim() ?? "";
  if (!name || name.toLowerCase() === staff?.email.split("@")[0]?.toLowerCase()) return null;
  return name;
}
