import { setImmediate as yieldToOthers } from "node:timers/promises";
import type { SelectQueryBuilder } from "kysely";
import { CONSENT_DEFAULTS } from "~/lib/consent";
import type { Database, DB } from "../db/schema.server";
import { getSettings } from "../settings/settings.server";

/** Small enough that each delete is a short write: a lead arriving meanwhile waits one batch at most. */
export const RETENTION_BATCH = 1000;

export type RetentionPeriods = { eventsMonths: number; consentMonths: number; mailMonths: number };

function months(value: unknown, fallback: number) {
  const number = typeof value === "string" || typeof value === "number" ? Number(value) : Number.NaN;
  return Number.isInteger(number) && number >= 1 && number <= 120 ? number : fallback;
}

export async function loadRetentionPeriods(db: Database): Promise<RetentionPeriods> {
  const values = await getSettings(db, [
    "retention_events_months",
    "retention_consent_months",
    "retention_mails_months",
  ]);
  return {
    eventsMonths: months(values.retention_events_months, CONSENT_DEFAULTS.eventsRetentionMonths),
    consentMonths: months(values.retention_consent_months, CONSENT_DEFAULTS.consentRetentionMonths),
    mailMonths: months(values.retention_mails_months, CONSENT_DEFAULTS.mailRetentionMonths),
  };
}

/** The moment `count` calendar months before `nowMs` (UTC), as ISO text. */
export function monthsBefore(nowMs: number, count: number) {
  const date = new Date(nowMs);
  date.setUTCMonth(date.getUTCMonth() - count);
  return date.toISOString();
}

/**
 * Deletes rows older than the retention periods: analytics events, consent records, and mails that
 * were sent. Each batch is its own short statement, with a pause for other work between batches, so
 * lead capture never queues behind one long delete.
 */
export async function applyRetention(db: Database, nowMs = Date.now(), batch = RETENTION_BATCH) {
  const periods = await loadRetentionPeriods(db);
  const eventsBefore = monthsBefore(nowMs, periods.eventsMonths);
  const consentBefore = monthsBefore(nowMs, periods.consentMonths);
  const mailBefore = monthsBefore(nowMs, periods.mailMonths);
  const drain = async (deleteBatch: () => Promise<number>) => {
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch();
      total += deleted;
      if (deleted < batch) return total;
      await yieldToOthers();
    }
  };
  /** Deletes, a batch at a time, the rows of `table` whose ids `older` selects. */
  const drainOlder = (
    table: "analytics_events" | "consent_records" | "email_outbox",
    older: SelectQueryBuilder<DB, keyof DB, { id: string }>,
  ) =>
    drain(async () => {
      const result = await db.deleteFrom(table).where("id", "in", older.limit(batch)).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  const events = await drainOlder(
    "analytics_events",
    db.selectFrom("analytics_events").select("id").where("created_at", "<", eventsBefore),
  );
  const consentRecords = await drainOlder(
    "consent_records",
    db.selectFrom("consent_records").select("id").where("created_at", "<", consentBefore),
  );
  const sentMails = await drainOlder(
    "email_outbox",
    db.selectFrom("email_outbox").select("id").where("status", "=", "sent").where("sent_at", "<", mailBefore),
  );
  return { events, consentRecords, sentMails };
}
