import { createContext, type RouterContextProvider } from "react-router";
import { navItemsFor } from "~/lib/roles";
import type { StaffIdentity } from "~/server/auth/session.server";

/** The signed-in staff member, set by the admin guard for everything under /admin. */
export const staffContext = createContext<StaffIdentity | null>(null);

/** The staff member the admin middleware let through; throws if called outside the guarded area. */
export function requireStaff(context: Readonly<RouterContextProvider>): StaffIdentity {
  const identity = context.get(staffContext);
  if (!identity) throw new Error("requireStaff() called on a route the admin guard does not cover");
  return identity;
}

/** Who the admin's sidebar is for, and the menu their role gets. */
export function staffShell(context: Readonly<RouterContextProvider>) {
  const staff = requireStaff(context);
  return { user: { email: staff.email, role: staff.role }, nav: navItemsFor(staff.role) };
}
