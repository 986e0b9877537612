import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "~/lib/time-zone";
import { type AuditActor, auditOf } from "../audit/audit.server";
import type { Database } from "../db/schema.server";
import { getSettings, setSetting } from "./settings.server";

const auditSiteSettings = auditOf("site_settings");

export const TIME_ZONE_KEY = "time_zone";

/** The agency's time zone (an IANA name such as Asia/Kolkata); UTC until an admin sets one. */
export async function getAgencyTimeZone(db: Database) {
  const value = (await getSettings(db, [TIME_ZONE_KEY]))[TIME_ZONE_KEY];
  return canonicalTimeZone(value) ?? DEFAULT_TIME_ZONE;
}

export async function setAgencyTimeZone(db: Database, timeZone: string, actor: AuditActor) {
  await db.transaction().execute(async (trx) => {
    const before = await getAgencyTimeZone(trx);
    if (before === timeZone) return;
    await setSetting(trx, TIME_ZONE_KEY, timeZone, actor.id);
    await auditSiteSettings(trx, actor, "settings.update", TIME_ZONE_KEY, {
      [TIME_ZONE_KEY]: { from: before, to: timeZone },
    });
  });
}
