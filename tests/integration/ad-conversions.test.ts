import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { listAdConnections } from "~/server/ads/connections.server";
import {
  createConversionFileToken,
  googleConversionFile,
  revokeConversionFileToken,
} from "~/server/ads/conversion-file.server";
import { queueAdStage } from "~/server/ads/conversions.server";
import { resendAdConversion } from "~/server/ads/delivery-log.server";
import { clickIdsOf } from "~/server/ads/identifiers.server";
import type { AdSignals } from "~/server/ads/signals.server";
import { testAdConnection } from "~/server/ads/validation.server";
import { AD_LOCK_MS, AD_RETRY_DELAYS_MS, NO_CONSENT } from "~/server/ads/worker.server";
import { bookCall, setBookingOutcome } from "~/server/bookings/bookings.server";
import type { Database } from "~/server/db/schema.server";
import { fromJson } from "~/server/db/values.server";
import { applyBulkChange } from "~/server/leads/bulk.server";
import { captureLead } from "~/server/leads/capture.server";
import { erasePersonalData } from "~/server/leads/gdpr.server";
import { setLeadStatus } from "~/server/leads/leads.server";
import { adPlatformsForBlock, AD_ENV as env, forgetReceived, googleServiceAccountKey } from "../support/ad-platforms";
import { staffWhoTakesCalls } from "../support/bookings";
import { childEnv } from "../support/child-env";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";

const root = path.resolve(import.meta.dirname, "../..");
const actor = { id: null, email: "admin@agency.example" };
const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };
const MINUTE = 60_000;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe.each(dialects)("conversions to the ad platforms on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  let database: TestDatabase;
  const ads = adPlatformsForBlock();

  async function setup() {
    database = await freshDatabase({ seeded: true });
    forgetReceived(ads.receiver);
    const db = database.db;
    await ads.connect(db, "google", {
      serviceAccountKey: googleServiceAccountKey(ads.receiver.url, { private_key_id: "key-1" }),
      customerId: "123-456-7890",
      developerToken: "dev-token",
      stages: { lead: "1001", call_booked: "1002", call_held: "1003", qualified: "1004", client: "1005" },
    });
    await ads.connect(db, "meta", {
      datasetId: "555000111",
      accessToken: "meta-system-user-token",
      stages: {
        lead: "Lead",
        call_booked: "Schedule",
        qualified: "QualifiedLead",
        client: "Purchase",
        spam: "SpamLead",
      },
    });
    await ads.connect(db, "linkedin", {
      accessToken: "linkedin-token",
      stages: { lead: "urn:lla:llaPartnerConversion:201", client: "urn:lla:llaPartnerConversion:205" },
    });
    return db;
  }

  const worker = ads.worker;

  const consenting = (url: string, cookie = ""): AdSignals => ({
    clicks: clickIdsOf(url, cookie, Date.parse("2026-11-20T10:00:00Z")),
    adUserData: true,
    adPersonalization: true,
  });
  const denied: AdSignals = { clicks: {}, adUserData: false, adPersonalization: false };

  async function enquiry(
    db: Database,
    email: string,
    ads: AdSignals | null,
    // No phone unless given: leads sharing one would be one person.
    phone: string | null = null,
  ) {
    const { leadId } = await captureLead(db, {
      flow: "get-started",
      input: {
        name: "Jane Doe",
        email,
        phone,
        company: "Acme",
        service: "ppc",
        budget: "5k-10k",
        message: "Hi",
      } as never,
      attribution: {
        pageUrl: "https://agency.example/?gclid=Cj0KCQ-g1&fbclid=IwAR-f1&li_fat_id=5a1b-li",
        referrer: null,
        userAgent: "UA",
        browserInfo: null,
        ads,
      },
      mail: mailContext,
    });
    return leadId;
  }

  /** `count` consenting leads (status new) inserted directly, for changes of many at once. */
  async function consentingLeads(db: Database, count: number, at: string) {
    const ids = Array.from({ length: count }, (_, index) => `bulk-${String(index).padStart(5, "0")}`);
    for (let start = 0; start < ids.length; start += 200) {
      const chunk = ids.slice(start, start + 200);
      await db
        .insertInto("leads")
        .values(
          chunk.map((id) => ({
            id,
            name: "Bulk",
            email: `${id}@example.com`,
            source: "test",
            status: "new" as const,
            is_spam: false,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      await db
        .insertInto("lead_ad_signals")
        .values(
          chunk.map((id) => ({
            lead_id: id,
            first_clicks: "{}",
            last_clicks: "{}",
            ad_user_data: true,
            ad_personalization: false,
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
    }
    return ids;
  }

  async function conversions(db: Database, leadId: string) {
    return db.selectFrom("ad_conversions").selectAll().where("lead_id", "=", leadId).orderBy("id").execute();
  }

  it("a consenting visitor's enquiry, booked and held call, qualification and conversion reach each platform exactly once, hashed after normalising", async () => {
    const db = await setup();
    const staff = await staffWhoTakesCalls(db);
    const leadId = await enquiry(
      db,
      "  Jane.Doe@GMail.com ",
      consenting(
        "https://agency.example/?gclid=Cj0KCQ-g1&fbclid=IwAR-f1&li_fat_id=5a1b-li",
        "_fbp=fb.1.1763600000000.987654",
      ),
      "+44 20 7946 0958",
    );
    const nowMs = Date.now();
    const startMs = Math.floor((nowMs - 2 * 24 * 60 * MINUTE) / (30 * MINUTE)) * 30 * MINUTE;
    const booked = await bookCall(
      db,
      { leadId, startMs, visitorTimeZone: "Europe/London" },
      { baseUrl: "https://agency.example", secret: "s".repeat(32), nowMs: startMs - 24 * 60 * MINUTE },
    );
    if (!booked.ok) throw new Error("not booked");
    await setBookingOutcome(
      db,
      booked.bookingId,
      "completed",
      { id: staff.id, email: staff.email },
      startMs + 40 * MINUTE,
    );
    await setLeadStatus(db, leadId, "qualified", actor);
    await setLeadStatus(db, leadId, "converted", actor);

    const sending = worker(db);
    await sending.runOnce();
    // A second pass (and a second worker) finds nothing left to send.
    await sending.runOnce();
    await worker(db).runOnce();

    const ingests = ads.receiver.received.filter((request) => request.route === "google");
    expect(ingests.length).toBe(1);
    const google = ingests[0]?.json as { destinations: unknown[]; events: Record<string, unknown>[]; encoding: string };
    expect(google.encoding).toBe("HEX");
    expect(google.destinations).toContainEqual({
      reference: "qualified",
      operatingAccount: { accountType: "GOOGLE_ADS", accountId: "1234567890" },
      productDestinationId: "1004",
    });
    expect(google.events.map((event) => event.transactionId).sort()).toEqual(
      ["call_booked", "call_held", "client", "lead", "qualified"].map((stage) => `${leadId}.${stage}`),
    );
    for (const event of google.events) {
      expect(event.userData).toEqual({
        userIdentifiers: [{ emailAddress: sha256("janedoe@gmail.com") }, { phoneNumber: sha256("+442079460958") }],
      });
      expect(event.adIdentifiers).toEqual({ gclid: "Cj0KCQ-g1" });
      expect(event.consent).toEqual({ adUserData: "CONSENT_GRANTED", adPersonalization: "CONSENT_GRANTED" });
    }
    expect(ads.receiver.deliveries.google).toBe(5);

    const meta = ads.receiver.received.filter((request) => request.route === "meta");
    expect(meta.length).toBe(1);
    const metaEvents = (meta[0]?.json as { data: Record<string, unknown>[] } | undefined)?.data ?? [];
    expect(metaEvents.map((event) => event.event_name).sort()).toEqual([
      "Lead",
      "Purchase",
      "QualifiedLead",
      "Schedule",
    ]);
    expect(metaEvents[0]?.user_data).toEqual({
      em: [sha256("jane.doe@gmail.com")],
      ph: [sha256("442079460958")],
      fbc: `fb.1.${Date.parse("2026-11-20T10:00:00Z")}.IwAR-f1`,
      fbp: "fb.1.1763600000000.987654",
    });
    expect(metaEvents.every((event) => event.action_source === "system_generated")).toBe(true);

    const linkedin = ads.receiver.received.filter((request) => request.route === "linkedin");
    expect(linkedin.length).toBe(1);
    const elements = (linkedin[0]?.json as { elements: Record<string, unknown>[] } | undefined)?.elements ?? [];
    expect(elements.map((element) => element.eventId).sort()).toEqual([`${leadId}.client`, `${leadId}.lead`]);
    expect(elements[0]?.user).toEqual({
      userIds: [
        { idType: "SHA256_EMAIL", idValue: sha256("jane.doe@gmail.com") },
        { idType: "LINKEDIN_FIRST_PARTY_ADS_TRACKING_UUID", idValue: "5a1b-li" },
      ],
    });
    expect(ads.receiver.counted.linkedin.size).toBe(2);

    // No e-mail address or phone number in clear anywhere a platform received.
    for (const request of ads.receiver.received) {
      expect(request.body.toLowerCase()).not.toContain("gmail.com");
      expect(request.body).not.toContain("7946");
    }
    const rows = await conversions(db, leadId);
    expect(rows.length).toBe(11);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    // The delivery log keeps the request with the identifiers masked.
    const logged = rows.find((row) => row.id === `google.lead.${leadId}`)?.last_request ?? "";
    expect(logged).not.toContain(sha256("janedoe@gmail.com"));
    expect(logged).toContain(sha256("janedoe@gmail.com").slice(0, 4));
  });

  it("a visitor who refused advertising consent reaches no platform: nothing that identifies them leaves, the outbox says why", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "refuser@example.com", denied);
    await setLeadStatus(db, leadId, "qualified", actor);
    await worker(db).runOnce();
    expect(ads.receiver.received.filter((request) => request.route !== "token")).toEqual([]);
    const rows = await conversions(db, leadId);
    expect(rows.length).toBe(5);
    expect(rows.every((row) => row.status === "not_sent" && row.last_error === NO_CONSENT)).toBe(true);
    const signals = await db.selectFrom("lead_ad_signals").selectAll().where("lead_id", "=", leadId).executeTakeFirst();
    expect(fromJson(signals?.last_clicks, null)).toEqual({});
  });

  it("retries after a 429, a 500 and a timeout with the same ids, and gives up after a day keeping the platform's last answer", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "retry@example.com", consenting("https://agency.example/?gclid=G-retry"));
    ads.receiver.force("google", {
      status: 429,
      body: { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } },
    });
    ads.receiver.force("meta", {
      status: 500,
      body: { error: { message: "An unknown error occurred", type: "OAuthException", code: 1, fbtrace_id: "x" } },
    });
    ads.receiver.force("linkedin", "hang");
    const sending = worker(db, 1_000);
    const t0 = Date.now();
    await sending.runOnce(t0);
    let rows = await conversions(db, leadId);
    expect(rows.map((row) => [row.platform, row.status, row.attempts, row.last_status_code])).toEqual([
      ["google", "queued", 1, 429],
      ["linkedin", "queued", 1, null],
      ["meta", "queued", 1, 500],
    ]);
    expect(rows[0]?.last_response).toContain("RESOURCE_EXHAUSTED");
    // Not due yet: nothing goes.
    await sending.runOnce(t0 + 1_000);
    expect(ads.receiver.received.filter((request) => request.route === "google").length).toBe(1);
    await sending.runOnce(t0 + 2 * MINUTE);
    rows = await conversions(db, leadId);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    const ids = ads.receiver.received
      .filter((request) => request.route === "google")
      .map((request) => (request.json as { events: { transactionId: string }[] }).events[0]?.transactionId);
    expect(ids).toEqual([`${leadId}.lead`, `${leadId}.lead`]);
    expect(ads.receiver.counted.google.size).toBe(1);

    const failing = await enquiry(db, "failing@example.com", consenting("https://agency.example/?gclid=G-fail"));
    let clock = Date.now() + 10 * MINUTE;
    for (let attempt = 0; attempt <= AD_RETRY_DELAYS_MS.length; attempt++) {
      ads.receiver.force("google", {
        status: 503,
        body: { error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" } },
      });
      await sending.runOnce(clock);
      clock += (AD_RETRY_DELAYS_MS[attempt] ?? 0) + 1_000;
    }
    const [google] = (await conversions(db, failing)).filter((row) => row.platform === "google");
    expect(google).toMatchObject({ status: "failed", attempts: AD_RETRY_DELAYS_MS.length + 1, last_status_code: 503 });
    expect(google?.last_response).toContain("The service is currently unavailable.");
  });

  it("a refused request is not retried: the platform's error body is kept", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "bad@example.com", consenting("https://agency.example/?gclid=G-bad"));
    ads.receiver.force("meta", {
      status: 400,
      body: { error: { message: "Invalid parameter", type: "OAuthException", code: 100, fbtrace_id: "y" } },
    });
    await worker(db).runOnce();
    const meta = (await conversions(db, leadId)).find((row) => row.platform === "meta");
    expect(meta).toMatchObject({ status: "failed", attempts: 1, last_status_code: 400 });
    expect(meta?.last_response).toContain("Invalid parameter");
  });

  it("a lead marked spam after it was sent is retracted at Google by the same order id, and Meta gets its spam event", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "spammy@example.com", consenting("https://agency.example/?gclid=G-spam"));
    const sending = worker(db);
    await sending.runOnce();
    await applyBulkChange(db, { ids: [leadId] } as never, { action: "spam" }, { actor, mail: mailContext });
    await sending.runOnce();
    expect([...ads.receiver.counted.retractions.keys()]).toEqual([`${leadId}.lead`]);
    const [adjustment] = [...ads.receiver.counted.retractions.values()] as Record<string, unknown>[];
    expect(adjustment).toMatchObject({
      conversionAction: "customers/1234567890/conversionActions/1001",
      adjustmentType: "RETRACTION",
    });
    expect(ads.receiver.counted.meta.has(`SpamLead/${leadId}.spam`)).toBe(true);
  });

  it("lost after qualified retracts the qualification at Google by its order id", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "lost@example.com", consenting("https://agency.example/?gclid=G-lost"));
    await setLeadStatus(db, leadId, "qualified", actor);
    const sending = worker(db);
    await sending.runOnce();
    await setLeadStatus(db, leadId, "closed", actor);
    await sending.runOnce();
    expect([...ads.receiver.counted.retractions.keys()]).toEqual([`${leadId}.qualified`]);
  });

  it("GDPR erase cancels what was not sent yet: nothing about the person goes out afterwards", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "erase-me@example.com", consenting("https://agency.example/?gclid=G-erase"));
    await erasePersonalData(db, "erase-me@example.com", actor, "s".repeat(32));
    await worker(db).runOnce();
    expect(ads.receiver.received.filter((request) => request.route !== "token")).toEqual([]);
    const rows = await conversions(db, leadId);
    expect(rows.length).toBe(3);
    expect(rows.every((row) => row.status === "cancelled")).toBe(true);
    expect(await db.selectFrom("lead_ad_signals").selectAll().where("lead_id", "=", leadId).execute()).toEqual([]);
  });

  it("queues a stage in the transaction of the change: when the outbox cannot be written, the status change is not made either", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "atomic@example.com", consenting("https://agency.example/?gclid=G-atomic"));
    await sql`drop table ad_conversions`.execute(db);
    await expect(setLeadStatus(db, leadId, "qualified", actor)).rejects.toThrow();
    const lead = await db.selectFrom("leads").select("status").where("id", "=", leadId).executeTakeFirstOrThrow();
    expect(lead.status).toBe("new");
  });

  it("a bulk change of hundreds of leads queues one conversion per lead for each platform that maps the stage, and none twice", async () => {
    const db = await setup();
    const ids = await consentingLeads(db, 450, new Date().toISOString());
    const [already] = ids;
    // Qualified before the platforms were connected: the bulk change does not change it, so queues nothing for it.
    await db
      .updateTable("leads")
      .set({ status: "qualified" })
      .where("id", "=", already as string)
      .execute();
    const qualified = await applyBulkChange(
      db,
      { ids },
      { action: "set-status", status: "qualified" },
      { actor, mail: mailContext },
    );
    expect(qualified).toEqual({ matched: 450, changed: 449 });
    const perPlatform = async (stage: string) =>
      (
        await db
          .selectFrom("ad_conversions")
          .select(["platform", (eb) => eb.fn.countAll<number>().as("count")])
          .where("stage", "=", stage)
          .where("kind", "=", "conversion")
          .groupBy("platform")
          .orderBy("platform")
          .execute()
      ).map((row) => [row.platform, Number(row.count)]);
    // LinkedIn's connection sends no qualified stage.
    expect(await perPlatform("qualified")).toEqual([
      ["google", 449],
      ["meta", 449],
    ]);
    const one = await conversions(db, ids[7] as string);
    expect(one.map((row) => [row.id, row.status, row.occurred_at === row.next_attempt_at])).toEqual([
      [`google.qualified.${ids[7]}`, "queued", true],
      [`meta.qualified.${ids[7]}`, "queued", true],
    ]);
    await applyBulkChange(db, { ids }, { action: "set-status", status: "converted" }, { actor, mail: mailContext });
    await applyBulkChange(db, { ids }, { action: "set-status", status: "qualified" }, { actor, mail: mailContext });
    expect(await perPlatform("qualified")).toEqual([
      ["google", 450],
      ["meta", 450],
    ]);
    expect(await perPlatform("client")).toEqual([
      ["google", 450],
      ["linkedin", 450],
      ["meta", 450],
    ]);
    const audit = await db
      .selectFrom("audit_logs")
      .select("summary")
      .where("action", "=", "lead.bulk_set_status")
      .orderBy("created_at")
      .execute();
    expect(audit.map((row) => fromJson<{ changed: number }>(row.summary, { changed: -1 }).changed)).toEqual([
      449, 450, 450,
    ]);
  });

  it("a bulk change queues its conversions in the transaction of the change: when the outbox cannot be written, no lead changes", async () => {
    const db = await setup();
    const ids = await consentingLeads(db, 450, new Date().toISOString());
    await sql`drop table ad_conversions`.execute(db);
    await expect(
      applyBulkChange(db, { ids }, { action: "set-status", status: "converted" }, { actor, mail: mailContext }),
    ).rejects.toThrow();
    const changed = await db.selectFrom("leads").select("id").where("status", "<>", "new").execute();
    expect(changed).toEqual([]);
  });

  it("a worker killed (SIGKILL) while its batch is on the way loses nothing and doubles nothing: the restart sends the same ids, counted once", async () => {
    const db = await setup();
    const leadIds = [];
    for (let i = 0; i < 5; i++) {
      leadIds.push(await enquiry(db, `crash${i}@example.com`, consenting(`https://agency.example/?gclid=G-crash${i}`)));
    }
    ads.receiver.force("google", "hang");
    const child = spawn(process.execPath, ["--import", "tsx", "tests/support/ad-worker-child.ts"], {
      cwd: root,
      env: childEnv({
        AD_WORKER_DATABASE: JSON.stringify(database.config),
        ADS_CREDENTIALS_KEY: env.ADS_CREDENTIALS_KEY,
        NODE_EXTRA_CA_CERTS: ads.receiver.certFile,
      }),
      stdio: ["ignore", "inherit", "inherit"],
    });
    const exited = once(child, "exit");
    await ads.receiver.waitFor("google", 1);
    child.kill("SIGKILL");
    const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect(signal).toBe("SIGKILL");
    // The batch reached Google but its answer was never recorded: it is still claimed.
    const claimed = await db.selectFrom("ad_conversions").select("status").where("platform", "=", "google").execute();
    expect(claimed.map((row) => row.status)).toEqual(Array(5).fill("sending"));
    const restarted = worker(db);
    await restarted.runOnce(Date.now() + AD_LOCK_MS + 1_000);
    await restarted.runOnce(Date.now() + AD_LOCK_MS + 2_000);
    expect([...ads.receiver.counted.google.keys()].sort()).toEqual(leadIds.map((id) => `${id}.lead`).sort());
    const rows = await db.selectFrom("ad_conversions").selectAll().where("platform", "=", "google").execute();
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(Array(5).fill(["sent", 2]));
    // Meta and LinkedIn had their share sent once each, by the child or the restart.
    expect(ads.receiver.counted.meta.size).toBe(5);
    expect(ads.receiver.counted.linkedin.size).toBe(5);
  });

  it("a worker whose claim lapsed while its batch hung records nothing over the worker that took the batch over", async () => {
    const db = await setup();
    const leadIds = [];
    for (let i = 0; i < 3; i++) {
      leadIds.push(await enquiry(db, `late${i}@example.com`, consenting(`https://agency.example/?gclid=G-late${i}`)));
    }
    ads.receiver.force("google", "hang");
    // The first worker's Google request gets no answer; it gives up after its timeout and would record a retry.
    const late = worker(db, 1_500).runOnce();
    await ads.receiver.waitFor("google", 1);
    await worker(db).runOnce(Date.now() + AD_LOCK_MS + 1_000);
    await late;
    const rows = await db.selectFrom("ad_conversions").selectAll().where("platform", "=", "google").execute();
    expect(rows.map((row) => [row.status, row.attempts, row.last_status_code, row.last_error])).toEqual(
      Array(3).fill(["sent", 2, 200, null]),
    );
    expect([...ads.receiver.counted.google.keys()].sort()).toEqual(leadIds.map((id) => `${id}.lead`).sort());
  });

  it("tries a connection in validation mode (Google validateOnly, Meta test_event_code) without counting a conversion, and resends one with its same id", async () => {
    const db = await setup();
    const google = await testAdConnection(db, "google", { allowPrivate: true, env });
    expect(google.result.statusCode).toBe(200);
    const validation = ads.receiver.received.find((request) => request.route === "google")?.json as
      | Record<string, unknown>
      | undefined;
    expect(validation?.validateOnly).toBe(true);
    const meta = await testAdConnection(db, "meta", { allowPrivate: true, env, testEventCode: "TEST4711" });
    expect(meta.result.statusCode).toBe(200);
    expect(
      (ads.receiver.received.find((request) => request.route === "meta")?.json as Record<string, unknown> | undefined)
        ?.test_event_code,
    ).toBe("TEST4711");
    expect(ads.receiver.counted.google.size + ads.receiver.counted.meta.size).toBe(0);

    const leadId = await enquiry(db, "resend@example.com", consenting("https://agency.example/?gclid=G-resend"));
    const sending = worker(db);
    await sending.runOnce();
    await resendAdConversion(db, `google.lead.${leadId}`);
    await sending.runOnce();
    const ingests = ads.receiver.received.filter((request) => request.route === "google").slice(1);
    expect(
      ingests.map((request) => (request.json as { events: { transactionId: string }[] }).events[0]?.transactionId),
    ).toEqual([`${leadId}.lead`, `${leadId}.lead`]);
    expect(ads.receiver.counted.google.size).toBe(1);
    const refuser = await enquiry(db, "no-resend@example.com", denied);
    await sending.runOnce();
    await expect(resendAdConversion(db, `google.lead.${refuser}`)).rejects.toThrow("Only a sent or failed conversion");
  });

  it("sends Google at most 2,000 conversions an ingest", async () => {
    const db = await setup();
    const at = new Date().toISOString();
    const ids = await consentingLeads(db, 2001, at);
    await db.transaction().execute((trx) => queueAdStage(trx, ids, "qualified", at));
    await worker(db).runOnce();
    const sizes = ads.receiver.received
      .filter((request) => request.route === "google")
      .map((request) => (request.json as { events: unknown[] }).events.length);
    expect(sizes).toEqual([2000, 1]);
    expect(ads.receiver.counted.google.size).toBe(2001);
    // Recorded as sent, every one: none is left claimed, to go a second time once the claim lapses.
    const statuses = await db
      .selectFrom("ad_conversions")
      .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
      .where("platform", "=", "google")
      .groupBy("status")
      .execute();
    expect(statuses.map((row) => [row.status, Number(row.count)])).toEqual([["sent", 2001]]);
  }, 120_000);

  it("serves Google's upload file at a private, revocable address: consenting leads with a click id, their consent columns, nothing retracted", async () => {
    const db = await setup();
    const leadId = await enquiry(db, "file@example.com", consenting("https://agency.example/?gclid=Cj0-file"));
    await enquiry(db, "file-refuser@example.com", denied);
    const spam = await enquiry(db, "file-spam@example.com", consenting("https://agency.example/?gclid=Cj0-spam"));
    await worker(db).runOnce();
    await applyBulkChange(db, { ids: [spam] } as never, { action: "spam" }, { actor, mail: mailContext });
    expect(await googleConversionFile(db, "a-made-up-token-of-enough-length")).toBeNull();
    const token = await createConversionFileToken(db, actor);
    const file = await googleConversionFile(db, token);
    const lines = file?.trimEnd().split("\r\n") ?? [];
    expect(lines[0]).toBe("Parameters:TimeZone=+0000");
    expect(lines[1]).toBe(
      '"Google Click ID","Conversion Name","Conversion Time","Conversion Value","Conversion Currency","Order ID","Ad User Data","Ad Personalization"',
    );
    expect(lines.length).toBe(3);
    expect(lines[2]).toMatch(
      new RegExp(
        `^"Cj0-file","1001","\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}","","","${leadId}\\.lead","Granted","Granted"$`,
      ),
    );
    await revokeConversionFileToken(db, actor);
    expect(await googleConversionFile(db, token)).toBeNull();
  });

  it("keeps credentials unreadable: encrypted in the database, never listed", async () => {
    const db = await setup();
    const rows = await db.selectFrom("ad_connections").select(["platform", "credentials"]).execute();
    for (const row of rows) {
      expect(row.credentials).not.toContain("meta-system-user-token");
      expect(row.credentials).not.toContain("linkedin-token");
      expect(row.credentials).not.toContain("PRIVATE KEY");
    }
    const listed = JSON.stringify(await listAdConnections(db));
    expect(listed).not.toContain("meta-system-user-token");
    expect(listed).not.toContain("PRIVATE KEY");
    if (database.config.dialect === "sqlite") {
      await sql`pragma wal_checkpoint(truncate)`.execute(db);
      const file = readFileSync(database.config.file).toString("latin1");
      expect(file).not.toContain("meta-system-user-token");
      expect(file).not.toContain("BEGIN PRIVATE KEY");
    }
  });
});
