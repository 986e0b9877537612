import { getCountries } from "libphonenumber-js";
import { canAccess, type Role } from "~/lib/roles";
import type { WorkspaceSettings } from "~/lib/types/staff";
import type { Database } from "../db/schema.server";
import { getAgencyCountry } from "../leads/identity.server";
import { getLeadAssignment, listAssignableStaff } from "../leads/owners.server";
import { getAgencyTimeZone } from "../settings/time-zone.server";
import { getPreferences } from "./preferences.server";

type Staff = { id: string; role: Role | null };

/** The Settings screen's workspace part: the agency's time zone and assignment rule (admins), one's digest. */
export async function loadWorkspaceSettings(db: Database, staff: Staff): Promise<WorkspaceSettings> {
  const admin = staff.role === "admin";
  const [timeZone, country, preferences, assignment, owners, forms] = await Promise.all([
    getAgencyTimeZone(db),
    getAgencyCountry(db),
    getPreferences(db, staff.id),
    admin ? getLeadAssignment(db) : null,
    admin ? listAssignableStaff(db) : [],
    admin ? db.selectFrom("forms").select(["id", "name"]).orderBy("name").execute() : [],
  ]);
  return {
    timeZone,
    country,
    countries: admin ? getCountries() : [],
    worksLeads: canAccess(staff.role, "/admin/leads"),
    digestOptOut: preferences.digestOptOut,
    assignment,
    owners: owners.map(({ id, email }) => ({ id, email })),
    forms,
  };
}
