import { describe, expect, it } from "vitest";
import { runMaintenance } from "~/server/background/maintenance.server";
import { applyRetention } from "~/server/background/retention.server";
import { newId } from "~/server/db/values.server";
import { updateSettings } from "~/server/settings/settings.server";
import { leadRow } from "../support/admin-fixtures";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.parse("2026-11-23T12:00:00.000Z");
const at = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

describe.each(dialects)("retention on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  async function seed(db: TestDatabase["db"], events: { days: number; count: number }[]) {
    for (const { days, count } of events) {
      const rows = Array.from({ length: count }, () => ({
        id: newId(),
        event_type: "page_view",
        page_url: "http://localhost/",
        user_agent: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        properties: null,
        created_at: at(days),
      }));
      for (let start = 0; start < rows.length; start += 500) {
        await db
          .insertInto("analytics_events")
          .values(rows.slice(start, start + 500))
          .execute();
      }
    }
  }

  const mail = (status: "sent" | "failed" | "queued", sentDaysAgo: number | null, createdDaysAgo: number) => ({
    id: newId(),
    lead_id: null,
    kind: "lead_notification",
    to_address: "staff@example.com",
    subject: "New lead",
    text_body: "…",
    html_body: null,
    status,
    last_error: null,
    next_attempt_at: at(createdDaysAgo),
    locked_until: null,
    sent_at: sentDaysAgo === null ? null : at(sentDaysAgo),
    created_at: at(createdDaysAgo),
    updated_at: at(createdDaysAgo),
  });

  const consent = (days: number) => ({
    id: newId(),
    analytics: true,
    marketing: false,
    policy_version: 1,
    global_privacy_control: false,
    created_at: at(days),
  });

  /** Consent records and outbox mails of the given ages, beside the events `seed` adds. */
  async function addConsentsAndMails(db: TestDatabase["db"], consentDays: number[], mails: ReturnType<typeof mail>[]) {
    await db
      .insertInto("consent_records")
      .values(consentDays.map((days) => consent(days)))
      .execute();
    await db.insertInto("email_outbox").values(mails).execute();
  }

  it("deletes events and consent records past 13 months and sent mails past 6 by default, and nothing newer", async () => {
    const { db } = await freshDatabase();
    // 2,500 old events: three batches of 1,000 and a remainder.
    await seed(db, [
      { days: 400, count: 2500 },
      { days: 390, count: 3 },
    ]);
    await addConsentsAndMails(
      db,
      [420, 380],
      [mail("sent", 200, 200), mail("sent", 170, 170), mail("failed", null, 300), mail("queued", null, 250)],
    );

    const result = await runMaintenance(db, NOW);
    expect(result.retention).toEqual({ events: 2500, consentRecords: 1, sentMails: 1 });
    const remainingEvents = await db.selectFrom("analytics_events").select("created_at").execute();
    expect(remainingEvents).toHaveLength(3);
    expect(await db.selectFrom("consent_records").select("id").execute()).toHaveLength(1);
    const mails = await db.selectFrom("email_outbox").select("status").orderBy("status").execute();
    // A mail that never went out is kept: it is not a sent mail, and staff may still resend it.
    expect(mails.map((row) => row.status)).toEqual(["failed", "queued", "sent"]);
  });

  it("follows the periods set in Settings", async () => {
    const { db } = await freshDatabase();
    await updateSettings(
      db,
      { retention_events_months: "1", retention_consent_months: "2", retention_mails_months: "1" },
      { id: null, email: "admin@example.com" },
    );
    await seed(db, [
      { days: 40, count: 2 },
      { days: 20, count: 1 },
    ]);
    await addConsentsAndMails(db, [70, 50], [mail("sent", 35, 35), mail("sent", 10, 10)]);
    expect(await applyRetention(db, NOW)).toEqual({ events: 2, consentRecords: 1, sentMails: 1 });
  });

  it("lets a lead in while a large purge runs", async () => {
    const database = await freshDatabase();
    const { db } = database;
    await seed(db, [{ days: 500, count: 3000 }]);
    const another = database.reopen();
    const purge = applyRetention(db, NOW, 200);
    const saved = another
      .insertInto("leads")
      .values({ ...leadRow({ name: "Asha", email: "asha@example.com" }), id: "lead-during-purge" })
      .execute();
    const [purged] = await Promise.all([purge, saved]);
    expect(purged.events).toBe(3000);
    expect(await db.selectFrom("leads").select("id").execute()).toEqual([{ id: "lead-during-purge" }]);
  });
});
