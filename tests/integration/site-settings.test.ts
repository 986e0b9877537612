import { describe, expect, it } from "vitest";
import { listAuditEntries } from "~/server/audit/audit.server";
import { captureLead } from "~/server/leads/capture.server";
import { loadSiteSettings, updateSettings } from "~/server/settings/settings.server";
import { loadFavicon, loadPublicSettings, loadSiteIdentity } from "~/server/site/public-settings.server";
import { setStaffDisabled } from "~/server/users/staff-users.server";
import { databasePerTest, dialects } from "../support/databases";
import { addStaff } from "../support/staff";

const actor = { id: null, email: "admin@example.com" };
const attribution = { pageUrl: null, referrer: null, userAgent: null, browserInfo: null };

describe.each(dialects)("site settings on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);

  it("saves only what changed, removes emptied settings, and audits each change with its old and new value", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const seeded = await loadSiteSettings(db);
    expect(seeded.site_title).toBe("ScaleLeap");
    expect(seeded.google_analytics_id).toBeNull();

    const first = await updateSettings(
      db,
      {
        site_title: "Acme Growth",
        site_meta_description: seeded.site_meta_description,
        google_analytics_id: "G-ABC1234",
      },
      actor,
    );
    expect(first.changed.sort()).toEqual(["google_analytics_id", "site_title"]);
    expect(await loadSiteIdentity(db)).toEqual({
      siteTitle: "Acme Growth",
      siteMetaDescription: seeded.site_meta_description,
    });
    // Public pages read settings on every request: the next page already shows the change.
    expect((await loadPublicSettings(db)).siteTitle).toBe("Acme Growth");

    const again = await updateSettings(db, { site_title: "Acme Growth" }, actor);
    expect(again.changed).toEqual([]);

    const code = `<script>console.log("${"x".repeat(500)}")</script>`;
    await updateSettings(db, { google_analytics_id: "", custom_head_code: code }, actor);
    const after = await loadSiteSettings(db);
    expect(after.google_analytics_id).toBeNull();
    expect(after.custom_head_code).toBe(code);

    const audit = await listAuditEntries(db, { entityType: "site_settings" });
    expect(audit).toHaveLength(2);
    expect(audit[1]).toMatchObject({
      action: "settings.update",
      actorEmail: "admin@example.com",
      summary: {
        site_title: { from: "ScaleLeap", to: "Acme Growth" },
        google_analytics_id: { from: null, to: "G-ABC1234" },
      },
    });
    // Head code is summarised, not copied into the log.
    expect(audit[0]?.summary).toEqual({
      google_analytics_id: { from: "G-ABC1234", to: null },
      custom_head_code: { from: null, to: expect.stringMatching(/^\d+ characters \(sha256 [0-9a-f]{12}…\)$/) },
    });
  });

  it("sends new leads' notifications to the addresses saved in Settings, before NOTIFY_EMAILS", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const mail = { baseUrl: "https://agency.example", notifyEmails: ["env@agency.example"] };
    const lead = { name: "Ana", email: "ana@example.com" } as never;
    await captureLead(db, { flow: "contact", input: lead, attribution, mail });
    await updateSettings(db, { notification_emails: "sales@agency.example, owner@agency.example" }, actor);
    expect((await loadSiteSettings(db)).notification_emails).toBe("sales@agency.example, owner@agency.example");
    await captureLead(db, { flow: "contact", input: lead, attribution, mail });
    const recipients = await db.selectFrom("email_outbox").select("to_address").orderBy("created_at").execute();
    expect(recipients.map((row) => row.to_address).sort()).toEqual([
      "env@agency.example",
      "owner@agency.example",
      "sales@agency.example",
    ]);
  });

  it("tells the active admins of a new lead when no address is set, never a disabled one", async () => {
    const { db } = await freshDatabase({ seeded: true });
    const present = await addStaff(db, "present.admin@agency.example", "admin");
    const departed = await addStaff(db, "departed.admin@agency.example", "admin");
    await addStaff(db, "sales.person@agency.example", "sales");
    await setStaffDisabled(db, departed.id, true, actor);
    await captureLead(db, {
      flow: "contact",
      input: { name: "Ana", email: "ana@example.com" } as never,
      attribution,
      mail: {
        baseUrl: "https://agency.example",
        notifyEmails: [],
      },
    });
    const notified = await db
      .selectFrom("email_outbox")
      .select("to_address")
      .where("kind", "=", "lead_notification")
      .execute();
    expect(notified.map((row) => row.to_address)).toEqual([present.email]);
  });

  it("serves the uploaded favicon, or the default one", async () => {
    const database = await freshDatabase();
    expect(await loadFavicon(database.db)).toBe("/favicon.svg");
    await updateSettings(database.db, { favicon_url: "/uploads/logos/favicon_url-1732240000000.png" }, actor);
    expect(await loadFavicon(database.db)).toBe("/uploads/logos/favicon_url-1732240000000.png");
  });
});
