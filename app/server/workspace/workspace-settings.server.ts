import { data } from "react-router";
import { z } from "zod";
import { canAccess, type Role } from "~/lib/roles";
import { isTimeZone } from "~/lib/time-zone";
import { toastMessage } from "~/lib/toast";
import type { AuditActor } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { LeadActionError } from "../leads/leads.server";
import { getLeadAssignment, listAssignableStaff, saveLeadAssignment } from "../leads/owners.server";
import { getAgencyTimeZone, setAgencyTimeZone } from "../settings/time-zone.server";
import { getPreferences, setDigestOptOut } from "./preferences.server";

export const WORKSPACE_SETTING_INTENTS = new Set(["save-time-zone", "save-lead-assignment", "set-digest"]);

type Staff = { id: string; role: Role | null };

/** The Settings screen's workspace part: the agency's time zone and assignment rule (admins), one's digest. */
export async function loadWorkspaceSettings(db: Database, staff: Staff) {
  const admin = staff.role === "admin";
  const [timeZone, preferences, assignment, owners, forms] = await Promise.all([
    getAgencyTimeZone(db),
    getPreferences(db, staff.id),
    admin ? getLeadAssignment(db) : null,
    admin ? listAssignableStaff(db) : [],
    admin ? db.selectFrom("forms").select(["id", "name"]).orderBy("name").execute() : [],
  ]);
  return {
    timeZone,
    worksLeads: canAccess(staff.role, "/admin/leads"),
    digestOptOut: preferences.digestOptOut,
    assignment,
    owners: owners.map(({ id, email }) => ({ id, email })),
    forms,
  };
}

const timeZoneSchema = z.object({
  timeZone: z.string().refine(isTimeZone, "Choose a time zone from the list."),
});

type Result = { intent: string; fieldErrors: Record<string, string>; toast: ReturnType<typeof toastMessage> };

/** Runs one of the workspace intents (the caller already checked the role table). */
export async function runWorkspaceSetting(
  db: Database,
  intent: string,
  formData: FormData,
  staff: Staff & { email: string },
) {
  const actor: AuditActor = { id: staff.id, email: staff.email };
  const refuse = (message: string, field = "form", status = 400) =>
    data<Result>(
      { intent, fieldErrors: { [field]: message }, toast: toastMessage("error", "Error", message) },
      { status },
    );
  const done = (description: string) => ({
    intent,
    fieldErrors: {},
    toast: toastMessage("success", "Success", description),
  });
  switch (intent) {
    case "save-time-zone": {
      const parsed = timeZoneSchema.safeParse({ timeZone: formData.get("timeZone") });
      if (!parsed.success) return refuse("Choose a time zone from the list.", "timeZone");
      await setAgencyTimeZone(db, parsed.data.timeZone, actor);
      return done(`Times now show in ${parsed.data.timeZone}`);
    }
    case "save-lead-assignment": {
      const perForm: Record<string, string> = {};
      for (const [name, value] of formData) {
        if (name.startsWith("form:") && typeof value === "string" && value) perForm[name.slice("form:".length)] = value;
      }
      const roundRobin = formData.getAll("roundRobin").filter((value): value is string => typeof value === "string");
      try {
        await saveLeadAssignment(db, { roundRobin: [...new Set(roundRobin)].slice(0, 100), perForm }, actor);
      } catch (error) {
        if (error instanceof LeadActionError) return refuse(error.message);
        throw error;
      }
      return done(
        roundRobin.length || Object.keys(perForm).length
          ? "New leads are now assigned automatically"
          : "New leads now stay unassigned",
      );
    }
    case "set-digest": {
      const optOut = formData.get("digest") !== "on";
      await setDigestOptOut(db, staff.id, optOut);
      return done(optOut ? "You will not get the daily follow-up mail" : "You will get the daily follow-up mail");
    }
    default:
      return null;
  }
}
