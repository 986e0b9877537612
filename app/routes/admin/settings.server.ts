import { z } from "zod";
import { formFields, formSchema } from "~/http/form-data.server";
import { answer, intent, refusal } from "~/http/intents.server";
import { canUseIntent, type Role } from "~/lib/roles";
import { apiKeyCreateSchema, apiKeyIdSchema } from "~/lib/schemas/api-keys";
import { analyticsSchema, privacySchema, removeSiteFileSchema, siteInformationSchema } from "~/lib/schemas/settings";
import { changePasswordSchema, passwordConfirmationSchema, profileSchema, totpCodeSchema } from "~/lib/schemas/staff";
import { canonicalTimeZone, isTimeZone } from "~/lib/time-zone";
import type { CreatedApiKey } from "~/lib/types/api-keys";
import type { TwoFactorEnrolment } from "~/lib/types/staff";
import { siteFiles } from "~/lib/uploads";
import { createApiKey, listApiKeys, revokeApiKey } from "~/server/api-keys/api-keys.server";
import { AppError } from "~/server/app-error.server";
import { cookieHeaders } from "~/server/auth/auth-request.server";
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  qrCodeSvg,
  startTwoFactor,
} from "~/server/auth/profile.server";
import type { Database } from "~/server/db/schema.server";
import { pick } from "~/server/db/values.server";
import { isCountryCode, setAgencyCountry } from "~/server/leads/identity.server";
import { saveLeadAssignment } from "~/server/leads/owners.server";
import {
  ANALYTICS_KEYS,
  loadSiteSettings,
  PRIVACY_KEYS,
  SITE_FILE_KEYS,
  SITE_INFORMATION_KEYS,
  updateSettings,
} from "~/server/settings/settings.server";
import { setAgencyTimeZone } from "~/server/settings/time-zone.server";
import { removeSiteFile } from "~/server/uploads/uploads.server";
import { setStaffName } from "~/server/users/staff-users.server";
import { setDigestOptOut } from "~/server/workspace/preferences.server";

/**
 * The site's settings a role may see, following the role table: admins all of them, editors the site's
 * files (logos, favicon, guide file, hero video), others none (they see their own profile only).
 */
export async function loadVisibleSiteSettings(db: Database, role: Role | null) {
  const may = (intentName: string) => canUseIntent(role, "/admin/settings", intentName);
  if (!["save-site-info", "save-analytics", "save-privacy", "remove-file"].some(may)) return null;
  const values = await loadSiteSettings(db);
  return {
    information: may("save-site-info") ? pick(values, SITE_INFORMATION_KEYS) : null,
    analytics: may("save-analytics") ? pick(values, ANALYTICS_KEYS) : null,
    privacy: may("save-privacy") ? pick(values, PRIVACY_KEYS) : null,
    files: may("remove-file") ? pick(values, SITE_FILE_KEYS) : null,
  };
}

export type VisibleSiteSettings = NonNullable<Awaited<ReturnType<typeof loadVisibleSiteSettings>>>;

const settingSaved = ({ changed }: { changed: string[] }) =>
  changed.length > 0
    ? "Setting updated successfully"
    : { type: "info" as const, title: "No changes", description: "Nothing was different, so nothing was saved." };

/** better-auth rotates the session on these changes: its new cookie goes with the answer. */
const withSessionCookies = <Result extends { setCookies: string[] }>(result: Result) =>
  answer(result, { headers: cookieHeaders(result.setCookies) });

type Enrolment = { enrolment: TwoFactorEnrolment };

/**
 * The API keys Settings shows: the person's own, and for whoever may revoke anyone's (the role table's
 * `revoke-any-api-key`), everyone else's too.
 */
export async function loadApiKeys(db: Database, staff: { id: string; role: Role | null }) {
  const own = await listApiKeys(db, { userId: staff.id });
  const others = canUseIntent(staff.role, "/admin/settings", "revoke-any-api-key")
    ? (await listApiKeys(db)).filter((key) => key.userId !== staff.id)
    : null;
  return { own, others };
}

/** The areas arrive as one checkbox each; the schema takes them comma-separated, as the CLI's --areas. */
const apiKeyForm = formSchema(
  (formData) => ({
    ...formFields(formData),
    areas: formData
      .getAll("areas")
      .filter((value) => typeof value === "string")
      .join(","),
  }),
  apiKeyCreateSchema,
);

const timeZoneSchema = z.object({
  timeZone: z
    .string({ error: "Choose a time zone from the list." })
    .refine(isTimeZone, "Choose a time zone from the list.")
    .transform((value) => canonicalTimeZone(value) ?? value),
});

const agencyCountrySchema = z.object({
  country: z
    .string({ error: "Choose a country from the list." })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, "Choose a country from the list."),
});

const leadAssignmentSchema = z.object({
  roundRobin: z.array(z.string().max(64)).transform((ids) => [...new Set(ids)].slice(0, 100)),
  perForm: z.record(z.string(), z.string().max(64)),
});

/** A rule per form arrives as `form:<formId>` fields, the round robin as one field per person. */
const leadAssignmentForm = formSchema(
  (formData) => ({
    roundRobin: formData.getAll("roundRobin").filter((value) => typeof value === "string"),
    perForm: Object.fromEntries(
      [...formData].flatMap(([name, value]) =>
        name.startsWith("form:") && typeof value === "string" && value ? [[name.slice("form:".length), value]] : [],
      ),
    ),
  }),
  leadAssignmentSchema,
);

/**
 * Settings: the site's settings and the workspace's (who may post which is in the role table), and
 * everyone's own profile, password and two-factor authentication.
 */
export const settingsIntents = {
  "save-site-info": intent(siteInformationSchema, {
    success: settingSaved,
    failure: "Failed to update setting",
    run: (settings, { db, actor }) => updateSettings(db, settings, actor),
  }),
  "save-analytics": intent(analyticsSchema, {
    success: settingSaved,
    failure: "Failed to update setting",
    run: (settings, { db, actor }) => updateSettings(db, settings, actor),
  }),
  "save-privacy": intent(privacySchema, {
    success: settingSaved,
    failure: "Failed to update setting",
    run: (settings, { db, actor }) => updateSettings(db, settings, actor),
  }),
  "remove-file": intent(removeSiteFileSchema, {
    success: (_result, { key }) => `${siteFiles[key].label} removed`,
    failure: "Failed to update setting",
    run: ({ key }, { services, staff }) => removeSiteFile(services, key, staff),
  }),
  "save-agency-country": intent(agencyCountrySchema, {
    success: (_result, { country }) => `Phones without a country code are now read as ${country} numbers`,
    run: ({ country }, { db, actor }) => setAgencyCountry(db, country, actor),
  }),
  "save-time-zone": intent(timeZoneSchema, {
    success: (_result, { timeZone }) => `Times now show in ${timeZone}`,
    run: ({ timeZone }, { db, actor }) => setAgencyTimeZone(db, timeZone, actor),
  }),
  "save-lead-assignment": intent(leadAssignmentForm, {
    success: (_result, rule) =>
      rule.roundRobin.length || Object.keys(rule.perForm).length
        ? "New leads are now assigned automatically"
        : "New leads now stay unassigned",
    run: (rule, { db, actor }) => saveLeadAssignment(db, rule, actor),
  }),
  "set-digest": intent(z.object({ digest: z.string().optional() }), {
    run: async ({ digest }, { db, staff }) => {
      const optOut = digest !== "on";
      await setDigestOptOut(db, staff.id, optOut);
      return optOut;
    },
    success: (optOut) =>
      optOut ? "You will not get the daily follow-up mail" : "You will get the daily follow-up mail",
  }),
  "create-api-key": intent(apiKeyForm, {
    success: { title: "API key created", description: "Copy it now: it is not shown again." },
    failure: "Failed to create the API key",
    run: async (input, { db, actor, staff }) => {
      const created = await createApiKey(db, staff.id, input, actor);
      const payload: { apiKey: CreatedApiKey } = {
        apiKey: { name: input.name, key: created.key, expiresAt: created.expiresAt },
      };
      return answer(created.id, { payload });
    },
  }),
  "revoke-api-key": intent(apiKeyIdSchema, {
    success: "API key revoked",
    failure: "Failed to revoke the API key",
    run: ({ keyId }, { db, actor, staff }) => revokeApiKey(db, keyId, actor, { ownerId: staff.id }),
  }),
  "revoke-any-api-key": intent(apiKeyIdSchema, {
    success: "API key revoked",
    failure: "Failed to revoke the API key",
    run: ({ keyId }, { db, actor }) => revokeApiKey(db, keyId, actor),
  }),
  "save-profile": intent(profileSchema, {
    success: "Your name was saved",
    run: ({ name }, { db, staff, actor }) => setStaffName(db, staff.id, name, actor),
  }),
  "change-password": intent(changePasswordSchema, {
    success: { title: "Password changed", description: "Your other sessions were signed out." },
    run: async (input, { services, request, clientIp, staff }) =>
      withSessionCookies(await changePassword(services, { request, clientIp }, staff, input)),
  }),
  "enable-2fa": intent(passwordConfirmationSchema, {
    success: {
      type: "info",
      title: "Scan the QR code",
      description: "Then enter the code your authenticator app shows to turn two-factor authentication on.",
    },
    run: async ({ password }, { services, request, clientIp }) => {
      const started = await startTwoFactor(services, { request, clientIp }, password);
      const payload: Enrolment = { enrolment: started.enrolment };
      return answer(started, { payload, headers: cookieHeaders(started.setCookies) });
    },
  }),
  "confirm-2fa": intent(totpCodeSchema.extend({ totpUri: z.string().startsWith("otpauth://").max(2000) }), {
    success: { title: "Two-factor authentication is on", description: "You'll be asked for a code when you sign in." },
    run: async ({ code, totpUri }, { services, request, clientIp, staff }) => {
      try {
        return withSessionCookies(await confirmTwoFactor(services, { request, clientIp }, staff, code));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // A wrong code keeps the enrolment on screen: the same QR code, to try the next code.
        const payload: Enrolment = { enrolment: { qrSvg: await qrCodeSvg(totpUri), totpUri, backupCodes: [] } };
        return refusal(error, payload);
      }
    },
  }),
  "disable-2fa": intent(passwordConfirmationSchema, {
    success: { title: "Two-factor authentication is off" },
    run: async ({ password }, { services, request, clientIp, staff }) =>
      withSessionCookies(await disableTwoFactor(services, { request, clientIp }, staff, password)),
  }),
};
