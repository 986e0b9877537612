import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "~/server/app-error.server";
import { createClient } from "~/server/clients/clients.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead, writeLead } from "~/server/leads/capture.server";
import { erasePersonalData } from "~/server/leads/gdpr.server";
import { markLeadNotSpam, setLeadStatus } from "~/server/leads/leads.server";
import { checkWebhookUrl, isPrivateAddress } from "~/server/webhooks/address-guard.server";
import { listDeliveries } from "~/server/webhooks/delivery-log.server";
import {
  createWebhookEndpoint,
  rotateWebhookSecret,
  setWebhookEndpointPaused,
} from "~/server/webhooks/endpoints.server";
import { pruneWebhookHistory } from "~/server/webhooks/history.server";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "~/server/webhooks/queue.server";
import { queueTestEvent, redeliver, redeliverFailed } from "~/server/webhooks/redelivery.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";
import { addStaff } from "../support/staff";
import {
  addLoopbackEndpoint,
  type Reply,
  startWebhookReceiver,
  verifyStandardWebhook,
} from "../support/webhook-receiver";

const logger = pino({ level: "silent" });
const actor = { id: null, email: "admin@agency.example" };
const attribution = {
  pageUrl: "https://agency.example/contact?utm_source=google&utm_medium=cpc&utm_campaign=winter",
  referrer: "https://www.google.com/",
  userAgent: "UA",
  browserInfo: null,
};
const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const contactLead = (db: Database, name: string, email: string, spam: string | null = null) =>
  captureLead(db, {
    flow: "contact",
    input: { name, email, company: "Acme", message: "Call me" } as never,
    attribution,
    mail: mailContext,
    spamReason: spam,
  });

describe.each(dialects)("outgoing webhooks on %s", (dialect) => {
  // Registered before the afterEach below, so the database is dropped after the workers stopped
  // (vitest runs after-hooks last-registered first).
  const freshDatabase = databasePerTest(dialect);
  let database: TestDatabase;
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup() {
    database = await freshDatabase({ seeded: true });
    return database.db;
  }

  async function receiver(reply?: (attempt: number) => Reply) {
    const started = await startWebhookReceiver(reply);
    cleanups.push(started.close);
    return started;
  }

  function worker(db: Database, options: Partial<Parameters<typeof createWebhookWorker>[0]> = {}) {
    const created = createWebhookWorker({
      db,
      logger,
      allowPrivate: true,
      baseUrl: "https://agency.example",
      ...options,
    });
    cleanups.push(created.stop);
    return created;
  }

  const deliveries = () => database.db.selectFrom("webhook_deliveries").selectAll().orderBy("id").execute();

  it("delivers a lead from the site's contact form once, signed so that a Standard Webhooks receiver verifies it", async () => {
    const db = await setup();
    const hooks = await receiver();
    const endpoint = await addLoopbackEndpoint(db, hooks.url, { description: "CRM" });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { leadId } = await contactLead(db, "Asha Rao", "asha@example.com");

    const sender = worker(db);
    await sender.runOnce();
    await sender.runOnce();
    expect(hooks.received).toHaveLength(1);
    const [request] = hooks.received;
    expect(verifyStandardWebhook(endpoint.secret, request!.headers, request!.body)).toBe(true);
    // A receiver with another secret, or a body changed on the way, is refused.
    expect(
      verifyStandardWebhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`, request!.headers, request!.body),
    ).toBe(false);
    expect(verifyStandardWebhook(endpoint.secret, request!.headers, request!.body.replace("Asha", "Eve"))).toBe(false);

    const body = JSON.parse(request!.body);
    expect(request!.headers["webhook-id"]).toBe(body.id);
    expect(body).toMatchObject({
      type: "lead.created",
      data: {
        lead: {
          id: leadId,
          name: "Asha Rao",
          email: "asha@example.com",
          company: "Acme",
          source: "Contact Form",
          status: "new",
          is_spam: false,
          attribution: {
            utm_source: "google",
            utm_medium: "cpc",
            utm_campaign: "winter",
            page_url: attribution.pageUrl,
            referrer: "https://www.google.com/",
          },
        },
      },
    });
    expect(Date.parse(body.timestamp)).not.toBeNaN();
    expect(body.data.lead).not.toHaveProperty("notes");
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: "delivered", attempts: 1, last_status_code: 200 });
  });

  it("records the event with the lead: a capture that fails later leaves neither", async () => {
    const db = await setup();
    await expect(
      db.transaction().execute(async (trx) => {
        await writeLead(trx, {
          fields: {
            name: "Ben",
            email: "ben@example.com",
            phone: null,
            company: null,
            source: "Contact Form",
            message: null,
          },
          formId: async () => null,
          submissionData: { name: "Ben" },
          attribution,
          mail: mailContext,
        });
        expect(await trx.selectFrom("webhook_events").select("type").orderBy("type").execute()).toEqual([
          { type: "form_submission.created" },
          { type: "lead.created" },
        ]);
        throw new Error("a later step failed");
      }),
    ).rejects.toThrow("a later step failed");
    expect(await db.selectFrom("webhook_events").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("leads").selectAll().execute()).toEqual([]);
  });

  it("sends each endpoint only the events it asked for, spam only where asked, and nothing from before it existed", async () => {
    const db = await setup();
    const crm = await receiver();
    const everything = await receiver();
    const { leadId: earlier } = await contactLead(db, "Before", "before@example.com");
    await addLoopbackEndpoint(db, crm.url);
    await addLoopbackEndpoint(db, everything.url, {
      events: ["lead.created", "lead.status_changed", "lead.converted", "client.created", "form_submission.created"],
      includeSpam: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { leadId } = await contactLead(db, "Cara", "cara@example.com");
    await contactLead(db, "Bot", "bot@mailinator.com", "disposable e-mail domain");
    await setLeadStatus(db, leadId, "contacted", actor);
    await createClient(
      db,
      {
        name: "Cara Ltd",
        email: "cara@example.com",
        phone: null,
        company: "Cara",
        address: null,
        status: "active",
        leadId,
      },
      actor,
    );
    await worker(db).runOnce();

    const types = (received: { body: string }[]) => received.map((request) => JSON.parse(request.body).type).sort();
    expect(types(crm.received)).toEqual(["lead.created"]);
    expect(JSON.parse(crm.received[0]!.body).data.lead.id).toBe(leadId);
    expect(types(everything.received)).toEqual([
      "client.created",
      "form_submission.created",
      "form_submission.created",
      "lead.converted",
      "lead.created",
      "lead.created",
      "lead.status_changed",
      "lead.status_changed",
    ]);
    const bodies = everything.received.map((request) => JSON.parse(request.body));
    expect(bodies.some((body) => body.data.lead?.id === earlier)).toBe(false);
    expect(
      bodies
        .filter((body) => body.data.lead?.is_spam)
        .map((body) => body.type)
        .sort(),
    ).toEqual(["form_submission.created", "lead.created"]);
    const converted = bodies.find((body) => body.type === "lead.converted");
    expect(converted.data.lead).toMatchObject({ id: leadId, status: "converted" });
    expect(converted.data.client).toMatchObject({ name: "Cara Ltd", lead_id: leadId });
    const statusChanges = bodies.filter((body) => body.type === "lead.status_changed").map((body) => body.data);
    expect(statusChanges.map((change) => [change.previous_status, change.lead.status])).toEqual(
      expect.arrayContaining([
        ["new", "contacted"],
        ["contacted", "converted"],
      ]),
    );
    // The earlier lead's events went to nobody, and no copy of them stays.
    expect(await db.selectFrom("webhook_events").select("id").where("lead_id", "=", earlier).execute()).toEqual([]);
  });

  it("sends a lead released from the spam queue to the endpoints that had not had it as spam", async () => {
    const db = await setup();
    const crm = await receiver();
    const spamWatcher = await receiver();
    for (const [hooks, includeSpam] of [
      [crm, false],
      [spamWatcher, true],
    ] as const) {
      await addLoopbackEndpoint(db, hooks.url, { includeSpam });
    }
    const { leadId } = await contactLead(db, "Real Person", "real@mailinator.com", "disposable e-mail domain");
    const sender = worker(db);
    await sender.runOnce();
    expect(crm.received).toHaveLength(0);
    expect(spamWatcher.received).toHaveLength(1);
    await markLeadNotSpam(db, leadId, actor);
    await sender.runOnce();
    expect(crm.received).toHaveLength(1);
    expect(JSON.parse(crm.received[0]!.body).data.lead).toMatchObject({ id: leadId, is_spam: false });
    expect(spamWatcher.received).toHaveLength(1);
  });

  it("retries a receiver that answered 500 after a minute, and it gets the event on the retry", async () => {
    const db = await setup();
    const hooks = await receiver((attempt) =>
      attempt === 1 ? { status: 500, body: "database down" } : { status: 204 },
    );
    const endpoint = await addLoopbackEndpoint(db, hooks.url);
    await contactLead(db, "Dev", "dev@example.com");
    const start = Date.now();
    const sender = worker(db);
    await sender.runOnce(start);
    expect(await deliveries()).toMatchObject([{ status: "queued", attempts: 1, last_status_code: 500 }]);
    expect(Date.parse((await deliveries())[0]!.next_attempt_at)).toBeGreaterThanOrEqual(start + RETRY_DELAYS_MS[0]!);
    await sender.runOnce(start + 30_000);
    expect(hooks.received).toHaveLength(1);
    await sender.runOnce(start + RETRY_DELAYS_MS[0]! + 1_000);
    expect(hooks.received).toHaveLength(2);
    // The same event, the same id: a receiver can tell a retry from a new event.
    expect(hooks.received[1]!.headers["webhook-id"]).toBe(hooks.received[0]!.headers["webhook-id"]);
    expect(hooks.received[1]!.body).toBe(hooks.received[0]!.body);
    expect(await deliveries()).toMatchObject([{ status: "delivered", attempts: 2, last_status_code: 204 }]);

    const log = await listDeliveries(db, endpoint.id, { event: null, outcome: null, before: null });
    expect(
      log.entries[0]!.attemptLog.map((attempt) => [attempt.statusCode, attempt.responseBody, attempt.delivered]),
    ).toEqual([
      [204, "", true],
      [500, "database down", false],
    ]);
  });

  it("fails a delivery after the last retry, a day apart at the end, and keeps the event for a redelivery", async () => {
    const db = await setup();
    let up = false;
    const hooks = await receiver(() => (up ? { status: 200 } : { status: 503 }));
    const endpoint = await addLoopbackEndpoint(db, hooks.url);
    await contactLead(db, "Eli", "eli@example.com");
    const sender = worker(db);
    let clock = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await sender.runOnce(clock);
      clock += (RETRY_DELAYS_MS[attempt - 1] ?? 0) + 1_000;
    }
    expect(RETRY_DELAYS_MS.at(-1)).toBe(DAY);
    expect(hooks.received).toHaveLength(MAX_ATTEMPTS);
    expect(await deliveries()).toMatchObject([{ status: "failed", attempts: MAX_ATTEMPTS }]);
    await sender.runOnce(clock + DAY);
    expect(hooks.received).toHaveLength(MAX_ATTEMPTS);

    up = true;
    // The endpoint was paused on the way (3 days of failures); resume it, then send the failed ones again.
    await setWebhookEndpointPaused(db, endpoint.id, false, actor);
    expect(await redeliverFailed(db, endpoint.id, actor)).toBe(1);
    await sender.runOnce(clock + DAY);
    expect(hooks.received).toHaveLength(MAX_ATTEMPTS + 1);
    expect(await deliveries()).toMatchObject([{ status: "delivered" }]);
    const [delivery] = await deliveries();
    await redeliver(db, endpoint.id, delivery!.id, actor);
    await sender.runOnce(clock + DAY);
    expect(hooks.received).toHaveLength(MAX_ATTEMPTS + 2);
    // One delivered at its first try and sent again by hand gets one try: failing, it is failed, not
    // queued for a new round of retries.
    await contactLead(db, "Fay", "fay@example.com");
    await sender.runOnce(clock + DAY);
    const fresh = (await deliveries()).find((row) => row.id !== delivery!.id);
    expect(fresh).toMatchObject({ status: "delivered", attempts: 1 });
    up = false;
    await redeliver(db, endpoint.id, fresh!.id, actor);
    await sender.runOnce(clock + DAY);
    expect(hooks.received).toHaveLength(MAX_ATTEMPTS + 4);
    expect((await deliveries()).find((row) => row.id === fresh!.id)).toMatchObject({ status: "failed" });
    const audit = await db.selectFrom("audit_logs").select("action").where("entity_id", "=", endpoint.id).execute();
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        "webhook.create",
        "webhook.auto_pause",
        "webhook.resume",
        "webhook.redeliver_failed",
        "webhook.redeliver",
      ]),
    );
  });

  it("pauses an endpoint that failed for 3 days in a row and mails the admins once; its events wait for it", async () => {
    const db = await setup();
    await addStaff(db, "boss@agency.example", "admin");
    await addStaff(db, "seller@agency.example", "sales");
    const hooks = await receiver(() => ({ status: 500 }));
    const endpoint = await addLoopbackEndpoint(db, hooks.url, { description: "Zapier" });
    const sender = worker(db);
    const start = Date.now();
    await contactLead(db, "Fay", "fay@example.com");
    await sender.runOnce(start);
    // Failing for two days is not enough.
    await contactLead(db, "Gus", "gus@example.com");
    await sender.runOnce(start + 2 * DAY);
    const status = async () =>
      (await db.selectFrom("webhook_endpoints").select(["status", "paused_reason"]).executeTakeFirstOrThrow()).status;
    expect(await status()).toBe("active");
    await contactLead(db, "Hal", "hal@example.com");
    await sender.runOnce(start + 3 * DAY + MINUTE);
    expect(await status()).toBe("paused");
    const mails = await db.selectFrom("email_outbox").selectAll().where("kind", "=", "webhook_paused").execute();
    expect(mails.map((mail) => mail.to_address)).toEqual(["boss@agency.example"]);
    expect(mails[0]!.text_body).toContain(hooks.url);
    expect(mails[0]!.text_body).toContain(`/admin/webhooks/${endpoint.id}`);

    // Paused: nothing is sent, new events still queue for it, and no second mail.
    const received = hooks.received.length;
    await contactLead(db, "Ivy", "ivy@example.com");
    await sender.runOnce(start + 5 * DAY);
    expect(hooks.received).toHaveLength(received);
    expect((await deliveries()).filter((delivery) => delivery.status === "queued")).not.toHaveLength(0);
    expect(
      await db.selectFrom("email_outbox").select("id").where("kind", "=", "webhook_paused").execute(),
    ).toHaveLength(1);
  });

  it("lets a hanging receiver time out without holding up lead capture", async () => {
    const db = await setup();
    const hooks = await receiver(() => "hang");
    await addLoopbackEndpoint(db, hooks.url);
    await contactLead(db, "Jo", "jo@example.com");
    const sender = worker(db, { timeoutMs: 1_500 });
    const pass = sender.runOnce();
    await hooks.waitFor(1);
    // The worker is waiting on the receiver; leads are saved all the same, before it gives up.
    let passDone = false;
    void pass.then(() => {
      passDone = true;
    });
    const saved = await contactLead(db, "Kim", "kim@example.com");
    expect(saved.leadId).toBeTruthy();
    expect(passDone).toBe(false);
    await pass;
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ status: "queued", attempts: 1, last_status_code: null });
    expect(delivery!.last_error).toMatch(/No complete answer within 1.5 s/);
  });

  it("stops after the sends under way and hands the rest of its batch back to the queue", async () => {
    const db = await setup();
    let stopped: Promise<void> | undefined;
    const hooks = await receiver(() => {
      stopped ??= sender.stop();
      return { status: 200 };
    });
    await addLoopbackEndpoint(db, hooks.url);
    for (let index = 0; index < 40; index++) await contactLead(db, `Lead ${index}`, `l${index}@example.com`);
    const sender = worker(db);
    // A pass of the worker's own (as its timer runs them), which a stop waits for.
    const tried = await sender.kick();
    await stopped;
    expect(tried).toBe(hooks.received.length);
    expect(tried).toBeGreaterThan(0);
    expect(tried).toBeLessThan(40);
    const rows = await deliveries();
    expect(rows.filter((delivery) => delivery.status === "delivered")).toHaveLength(tried);
    // Back in the queue as if never tried: due now, no attempt counted, no lock left behind.
    expect(
      rows.filter(
        (delivery) => delivery.status === "queued" && delivery.attempts === 0 && delivery.locked_until === null,
      ),
    ).toHaveLength(40 - tried);
  });

  it("lets two processes share the queue: each event reaches the receiver exactly once", async () => {
    const db = await setup();
    const hooks = await receiver();
    await addLoopbackEndpoint(db, hooks.url, { events: ["lead.created", "form_submission.created"] });
    for (let index = 0; index < 60; index++) await contactLead(db, `Lead ${index}`, `l${index}@example.com`);
    // node:sqlite waits for a lock synchronously, so SQLite's second process is the app-server test's job.
    const other = () => (dialect === "postgres" ? database.reopen() : db);
    const workers = [worker(db), worker(other()), worker(other())];
    await Promise.all(workers.map((each) => each.runOnce()));
    await Promise.all(workers.map((each) => each.runOnce()));
    const ids = hooks.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
    expect((await deliveries()).every((delivery) => delivery.status === "delivered" && delivery.attempts === 1)).toBe(
      true,
    );
  });

  it("refuses endpoints on private addresses when they are saved, and again when they are sent to", async () => {
    const db = await setup();
    const guard = { allowPrivate: false };
    for (const url of [
      "https://127.0.0.1/hooks",
      "https://localhost/hooks",
      "https://169.254.169.254/latest/meta-data",
      "https://10.1.2.3/x",
      "https://[::1]/x",
      "https://[::ffff:127.0.0.1]/x",
      "https://[fd00:ec2::254]/x",
    ]) {
      const refused = createWebhookEndpoint(
        db,
        { url, description: null, events: ["lead.created"], format: "standard", includeSpam: false },
        actor,
        guard,
      );
      await expect(refused, url).rejects.toThrow(AppError);
      await expect(refused, url).rejects.toThrow(/private, loopback, link-local or reserved/);
    }
    await expect(
      createWebhookEndpoint(
        db,
        {
          url: "http://hooks.example.com/x",
          description: null,
          events: ["lead.created"],
          format: "standard",
          includeSpam: false,
        },
        actor,
        { allowPrivate: false, resolve: async () => [{ address: "93.184.215.14", family: 4 }] },
      ),
    ).rejects.toThrow(/https/);
    expect(await db.selectFrom("webhook_endpoints").selectAll().execute()).toEqual([]);

    // Saved while the name pointed at a public address; by the time of sending it points at this machine.
    const hooks = await receiver();
    let lookups = 0;
    const rebinding = async () => {
      lookups++;
      return lookups === 1 ? [{ address: "93.184.215.14", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    };
    const endpoint = await createWebhookEndpoint(
      db,
      {
        url: `https://rebind.example:${hooks.port}/hooks`,
        description: null,
        events: ["lead.created"],
        format: "standard",
        includeSpam: false,
      },
      actor,
      { allowPrivate: false, resolve: rebinding },
    );
    await contactLead(db, "Lu", "lu@example.com");
    await worker(db, { allowPrivate: false, resolve: rebinding }).runOnce();
    expect(hooks.received).toEqual([]);
    const log = await listDeliveries(db, endpoint.id, { event: null, outcome: null, before: null });
    expect(log.entries[0]!.attemptLog[0]!.error).toMatch(/^Refused: rebind\.example points at 127\.0\.0\.1/);

    // A stored address literal is checked before any connection too.
    await db
      .updateTable("webhook_endpoints")
      .set({ url: hooks.url.replace("http:", "https:") })
      .execute();
    await db
      .updateTable("webhook_deliveries")
      .set({ next_attempt_at: new Date(0).toISOString() })
      .execute();
    await worker(db, { allowPrivate: false }).runOnce();
    expect(hooks.received).toEqual([]);
    const again = await listDeliveries(db, endpoint.id, { event: null, outcome: null, before: null });
    expect(again.entries[0]!.attemptLog[0]!.error).toMatch(
      /^Refused: 127\.0\.0\.1 is a private, loopback, link-local or reserved address/,
    );
  });

  it("does not follow redirects, keeps only the first kilobyte of an answer, and reads at most 256 kB of it", async () => {
    const db = await setup();
    const hooks = await receiver((attempt) =>
      attempt === 1
        ? { status: 302, headers: { location: "http://169.254.169.254/" } }
        : { status: 200, body: "é".repeat(200 * 1024) },
    );
    const endpoint = await addLoopbackEndpoint(db, hooks.url);
    await contactLead(db, "Mo", "mo@example.com");
    const sender = worker(db);
    const start = Date.now();
    await sender.runOnce(start);
    await sender.runOnce(start + 2 * MINUTE);
    expect(hooks.received).toHaveLength(2);
    const [entry] = (await listDeliveries(db, endpoint.id, { event: null, outcome: null, before: null })).entries;
    const [success, redirect] = entry!.attemptLog;
    expect(redirect).toMatchObject({ statusCode: 302, delivered: false });
    expect(redirect!.error).toMatch(/Redirect to http:\/\/169\.254\.169\.254\/ not followed/);
    expect(success).toMatchObject({ statusCode: 200, delivered: true });
    expect(Buffer.byteLength(success!.responseBody!)).toBeLessThanOrEqual(1024);
    expect(success!.responseBody!.startsWith("éé")).toBe(true);
  });

  it("formats a new lead as a Slack message for a Slack endpoint", async () => {
    const db = await setup();
    const slack = await receiver();
    await addLoopbackEndpoint(db, slack.url, { description: "Sales channel", format: "slack" });
    const { leadId } = await captureLead(db, {
      flow: "contact",
      input: { name: "Nia", email: "nia@example.com", company: "<!channel> Nia & Co", message: "Hi" } as never,
      attribution,
      mail: mailContext,
    });
    await worker(db).runOnce();
    const message = JSON.parse(slack.received[0]!.body);
    expect(message.text).toBe("New lead: Nia (Contact Form)");
    const blocks = JSON.stringify(message.blocks);
    expect(blocks).toContain("nia@example.com");
    expect(blocks).toContain(`<https://agency.example/admin/leads/${leadId}|Open the lead>`);
    // What a visitor typed cannot ping a channel or make a link.
    expect(blocks).toContain("&lt;!channel&gt; Nia &amp; Co");
    expect(blocks).not.toContain("<!channel>");
  });

  it("sends a test event to an endpoint, paused or not, and signs with both secrets for a day after a rotation", async () => {
    const db = await setup();
    const hooks = await receiver();
    const endpoint = await addLoopbackEndpoint(db, hooks.url);
    await setWebhookEndpointPaused(db, endpoint.id, true, actor);
    await queueTestEvent(db, endpoint.id, actor, { siteName: "Acme Ads" });
    const sender = worker(db);
    await sender.runOnce();
    expect(JSON.parse(hooks.received[0]!.body)).toMatchObject({
      type: "webhook.test",
      data: { message: "A test event from Acme Ads. Your endpoint is connected." },
    });
    const rotated = await rotateWebhookSecret(db, endpoint.id, actor);
    expect(rotated).not.toBe(endpoint.secret);
    await queueTestEvent(db, endpoint.id, actor);
    await sender.runOnce();
    const second = hooks.received[1]!;
    expect(verifyStandardWebhook(rotated, second.headers, second.body)).toBe(true);
    expect(verifyStandardWebhook(endpoint.secret, second.headers, second.body)).toBe(true);
    await queueTestEvent(db, endpoint.id, actor);
    await sender.runOnce(Date.now() + DAY + MINUTE);
    const third = hooks.received[2]!;
    expect(verifyStandardWebhook(rotated, third.headers, third.body, Date.now() + DAY + MINUTE)).toBe(true);
    expect(verifyStandardWebhook(endpoint.secret, third.headers, third.body, Date.now() + DAY + MINUTE)).toBe(false);
  });

  it("keeps finished deliveries for 30 days, then prunes them with their attempts and events", async () => {
    const db = await setup();
    const hooks = await receiver((attempt) => (attempt === 2 ? { status: 500 } : { status: 200 }));
    await addLoopbackEndpoint(db, hooks.url);
    await contactLead(db, "Old", "old@example.com");
    await contactLead(db, "Retrying", "retrying@example.com");
    await worker(db).runOnce();
    expect(await pruneWebhookHistory(db, Date.now() + 29 * DAY)).toBe(0);
    // A delivery still waiting for its retry is never pruned.
    expect(await pruneWebhookHistory(db, Date.now() + 31 * DAY)).toBe(1);
    expect((await deliveries()).map((delivery) => delivery.status)).toEqual(["queued"]);
    expect(await db.selectFrom("webhook_events").select("id").execute()).toHaveLength(1);
    expect(await db.selectFrom("webhook_delivery_attempts").select("id").execute()).toHaveLength(1);
  });

  it("erases a person's webhook events and delivery log with the rest of their data", async () => {
    const db = await setup();
    const hooks = await receiver();
    await addLoopbackEndpoint(db, hooks.url);
    await contactLead(db, "Ola", "ola@example.com");
    await contactLead(db, "Pat", "pat@example.com");
    await worker(db).runOnce();
    const erased = await erasePersonalData(db, "OLA@example.com", actor, "test-secret");
    expect(erased.webhookEvents).toBe(1);
    const bodies = await db.selectFrom("webhook_events").select("body").execute();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.body).toContain("pat@example.com");
    expect(await deliveries()).toHaveLength(1);
    expect(await db.selectFrom("webhook_delivery_attempts").select("id").execute()).toHaveLength(1);
  });
});

describe("the address guard", () => {
  it("knows the ranges a webhook must not reach", () => {
    for (const address of [
      "127.0.0.1",
      "10.0.0.8",
      "172.20.1.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.100.100.200",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00:ec2::254",
      "::ffff:10.0.0.1",
      "224.0.0.1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  it("allows http and loopback only with WEBHOOK_ALLOW_PRIVATE", async () => {
    await expect(checkWebhookUrl("http://127.0.0.1:9999/x", { allowPrivate: true })).resolves.toBe(
      "http://127.0.0.1:9999/x",
    );
    await expect(checkWebhookUrl("http://127.0.0.1:9999/x", { allowPrivate: false })).rejects.toThrow(/https/);
    await expect(checkWebhookUrl("https://user:pw@hooks.example.com/x", { allowPrivate: false })).rejects.toThrow(
      /password/,
    );
  });
});
