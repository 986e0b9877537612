import type { Role } from "../roles";

export type StaffUser = {
  id: string;
  email: string;
  name: string;
  role: Role | null;
  disabled: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  lastSignInAt: string | null;
};

export type TwoFactorEnrolment = { qrSvg: string; totpUri: string; backupCodes: string[] };

/** The Settings screen's workspace part: the agency's time zone and assignment rule (admins), one's digest. */
export type WorkspaceSettings = {
  timeZone: string;
  /** The country a phone typed without a country code is read in (ISO 3166 code), and the choices. */
  country: string;
  countries: string[];
  worksLeads: boolean;
  digestOptOut: boolean;
  /** Admins only: the round robin and each form's own owner. */
  assignment: { roundRobin: string[]; perForm: Record<string, string> } | null;
  owners: { id: string; email: string }[];
  forms: { id: string; name: string }[];
};
