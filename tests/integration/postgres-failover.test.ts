import tls from "node:tls";
import { sql } from "kysely";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectAdPlatform } from "~/server/ads/connections.server";
import { AD_LOCK_MS, createAdWorker } from "~/server/ads/worker.server";
import { bookCall } from "~/server/bookings/bookings.server";
import { isDatabaseReachable, openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";
import { captureLead } from "~/server/leads/capture.server";
import { setLeadFollowUp } from "~/server/leads/follow-ups.server";
import { addLeadNote, setLeadStatus } from "~/server/leads/leads.server";
import { setLeadOwner } from "~/server/leads/owners.server";
import { createMailWorker } from "~/server/mail/worker.server";
import { createStaffUser } from "~/server/users/staff-users.server";
import { createWebhookWorker } from "~/server/webhooks/worker.server";
import { startAdPlatformReceiver } from "../support/ad-platform-receiver";
import { staffWhoTakesCalls, WEEKDAYS } from "../support/bookings";
import { startCommitCuttingProxy } from "../support/commit-cutting-proxy";
import { createMigratedDatabase, type TestDatabase } from "../support/databases";
import { type ReplicatedPair, startReplicatedPair } from "../support/postgres-replication";
import { startSmtpServer } from "../support/smtp";
import { addLoopbackEndpoint, startWebhookReceiver } from "../support/webhook-receiver";

// Replication is PostgreSQL's own: these tests have no SQLite counterpart.

const mail = { baseUrl: "https://agency.example", notifyEmails: ["team@agency.example"] };
const attribution = { pageUrl: null, referrer: null, userAgent: null, browserInfo: null };

function postLead(db: Database, email: string) {
  return captureLead(db, { flow: "contact", input: { name: email.split("@")[0], email } as never, attribution, mail });
}

async function leadsByEmail(db: Database) {
  const rows = await db.selectFrom("leads").select(["id", "email"]).execute();
  const byEmail = new Map<string, string[]>();
  for (const row of rows) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row.id]);
  return byEmail;
}

/** The audit actions recorded against one lead, in name order. */
async function auditedActions(db: Database, leadId: string) {
  const rows = await db
    .selectFrom("audit_logs")
    .select("action")
    .where("entity_id", "=", leadId)
    .orderBy("action")
    .execute();
  return rows.map((row) => row.action);
}

/** What a status, an owner, a note and a follow-up set on one lead leave in the audit log. */
const STAFF_CHANGE_ACTIONS = ["lead.add_note", "lead.assign", "lead.set_follow_up", "lead.set_status"];

async function serverPort(db: Database) {
  const { rows } = await sql<{ port: number }>`select inet_server_port() as port`.execute(db);
  return rows[0]?.port;
}

type CommitCutter = {
  database: TestDatabase;
  proxy: Awaited<ReturnType<typeof startCommitCuttingProxy>>;
  db: Database;
};

/**
 * Runs `use` with a fresh database and a connection to it through a proxy that can cut a commit's
 * connection before or after the commit lands; all three are undone afterwards, whatever `use` did.
 */
async function withCommitCutter(use: (cutter: CommitCutter) => Promise<void>) {
  const database = await createMigratedDatabase("postgres");
  const url = new URL(database.config.dialect === "postgres" ? database.config.connectionString : "");
  const proxy = await startCommitCuttingProxy(Number(url.port));
  url.port = String(proxy.port);
  url.searchParams.set("target_session_attrs", "read-write");
  const db = openDatabase({ dialect: "postgres", connectionString: url.toString() });
  try {
    await use({ database, proxy, db });
  } finally {
    await db.destroy();
    await proxy.stop();
    await database.drop();
  }
}

describe("a commit whose connection breaks", () => {
  it("is sent again and stored once, whether the commit was lost or only its answer", async () => {
    await withCommitCutter(async ({ database, proxy, db }) => {
      proxy.cutNextCommit("after");
      const answered = await postLead(db, "answer-lost@example.com");
      proxy.cutNextCommit("before");
      const committedLate = await postLead(db, "commit-lost@example.com");
      expect(proxy.cuts).toBe(2);

      const stored = await leadsByEmail(database.db);
      expect(stored.get("answer-lost@example.com")).toEqual([answered.leadId]);
      expect(stored.get("commit-lost@example.com")).toEqual([committedLate.leadId]);
    });
  });
});

describe("a booking whose commit answer is lost", () => {
  it("is sent again and stored once, and the visitor gets that booking", async () => {
    await withCommitCutter(async ({ database, proxy, db }) => {
      await staffWhoTakesCalls(database.db, "bea@agency.example", { hours: WEEKDAYS });
      const { leadId } = await postLead(database.db, "booker@example.com");
      const context = {
        baseUrl: "https://agency.example",
        secret: "test-secret-0123456789abcdef0123456789",
        nowMs: Date.parse("2026-03-16T06:00:00Z"),
      };
      proxy.cutNextCommit("after");
      const booked = await bookCall(
        db,
        { leadId, startMs: Date.parse("2026-03-17T08:00:00Z"), visitorTimeZone: "Europe/Berlin" },
        context,
      );
      expect(proxy.cuts).toBe(1);
      expect(booked.ok).toBe(true);
      const bookings = await database.db.selectFrom("bookings").select("id").where("lead_id", "=", leadId).execute();
      expect(bookings.map((row) => row.id)).toEqual([booked.ok ? booked.bookingId : null]);
    });
  });
});

describe("staff changes whose commit answers are lost", () => {
  it("are each sent again and stored once: a status, an owner, a note, a follow-up", async () => {
    await withCommitCutter(async ({ database, proxy, db }) => {
      const staff = await createStaffUser(
        database.db,
        { email: "cal@agency.example", password: "staff-pass-1357", role: "sales", name: "Cal" },
        { id: null, email: "test" },
      );
      const actor = { id: staff.id, email: "cal@agency.example" };
      const { leadId } = await postLead(database.db, "changed-by-staff@example.com");

      proxy.cutNextCommit("after");
      expect(await setLeadStatus(db, leadId, "contacted", actor)).toBe(true);
      proxy.cutNextCommit("after");
      await setLeadOwner(db, leadId, staff.id, actor, { baseUrl: "https://agency.example" });
      proxy.cutNextCommit("after");
      const noteId = await addLeadNote(db, leadId, "Called, wants a proposal", actor);
      proxy.cutNextCommit("after");
      await setLeadFollowUp(
        db,
        { leadId, followUpAt: "2026-12-01T10:00", followUpNote: "Send the proposal" },
        "Europe/Berlin",
        actor,
      );
      expect(proxy.cuts).toBe(4);

      const lead = await database.db
        .selectFrom("leads")
        .select(["status", "owner_id", "follow_up_note"])
        .where("id", "=", leadId)
        .executeTakeFirstOrThrow();
      expect(lead).toEqual({ status: "contacted", owner_id: staff.id, follow_up_note: "Send the proposal" });
      const notes = await database.db.selectFrom("lead_notes").select("id").where("lead_id", "=", leadId).execute();
      expect(notes.map((note) => note.id)).toEqual([noteId]);
      const history = await database.db
        .selectFrom("lead_status_changes")
        .select("to_status")
        .where("lead_id", "=", leadId)
        .execute();
      expect(history.map((change) => change.to_status)).toEqual(["contacted"]);
      expect(await auditedActions(database.db, leadId)).toEqual(STAFF_CHANGE_ACTIONS);
    });
  });
});

describe("a primary and a synchronous standby", () => {
  let pair: ReplicatedPair;
  beforeAll(async () => {
    pair = await startReplicatedPair();
  }, 120_000);
  afterAll(async () => {
    await pair?.stop();
  });

  /** A database of its own for one test, made on the primary (the standby follows). */
  async function createDatabase(name: string) {
    const client = new (await import("pg")).default.Client({ connectionString: pair.primary().url });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
  }

  /** A database of its own, and a connection to it that follows the primary across the pair's hosts. */
  async function openOwnDatabase(name: string, options?: { poolMax?: number }) {
    await createDatabase(name);
    return openDatabase({ dialect: "postgres", connectionString: pair.url(name) }, options);
  }

  /** The primary dies, the standby takes over, and the old primary comes back as its standby. */
  async function failOver() {
    const oldPrimary = pair.primary();
    await pair.killPrimary();
    await pair.promoteStandby();
    await pair.rejoinAsStandby(oldPrimary);
  }

  it("passes over a standby named first in the host list", async () => {
    await createDatabase("passed_over");
    // The standby has the database too, so it is passed over for being a standby, not for lacking it.
    await pair.waitForStandby();
    const db = openDatabase({
      dialect: "postgres",
      connectionString: pair.url("passed_over", pair.standby()),
    });
    try {
      await migrateToLatest(db);
      const saved = await postLead(db, "first-host-standby@example.com");
      expect(await serverPort(db)).toBe(pair.primary().port);
      expect((await leadsByEmail(db)).get("first-host-standby@example.com")).toEqual([saved.leadId]);
    } finally {
      await db.destroy();
    }
  });

  it("loses no acknowledged lead and stores none twice when the primary dies during posts, and reaches the new one without a restart", async () => {
    const db = await openOwnDatabase("failover_leads", { poolMax: 8 });
    try {
      await migrateToLatest(db);
      const acknowledged = new Map<string, string>();
      const refused: string[] = [];
      let sent = 0;
      let stop = false;
      const visitor = async (n: number) => {
        while (!stop) {
          const email = `visitor${n}-${sent++}@example.com`;
          try {
            const saved = await postLead(db, email);
            acknowledged.set(email, saved.leadId);
          } catch (error) {
            refused.push(
              `${email}: ${error instanceof Error ? `${error.message} ${(error as { code?: string }).code}` : error}`,
            );
          }
        }
      };
      const visitors = Array.from({ length: 6 }, (_, n) => visitor(n));
      while (acknowledged.size < 30) await new Promise((resolve) => setTimeout(resolve, 20));
      const oldPrimary = pair.primary();
      await pair.killPrimary();
      // What /readyz asks: with no primary among the hosts the app is not ready, then it is again.
      expect(await isDatabaseReachable(db)).toBe(false);
      await pair.promoteStandby();
      expect(await isDatabaseReachable(db)).toBe(true);
      await pair.rejoinAsStandby(oldPrimary);
      const afterFailover = acknowledged.size;
      while (acknowledged.size < afterFailover + 30) await new Promise((resolve) => setTimeout(resolve, 20));
      stop = true;
      await Promise.all(visitors);

      expect(await serverPort(db)).toBe(pair.primary().port);
      expect(pair.primary()).not.toBe(oldPrimary);
      const stored = await leadsByEmail(db);
      const lost = [...acknowledged].filter(([email, id]) => stored.get(email)?.[0] !== id);
      const twice = [...stored].filter(([, ids]) => ids.length > 1);
      expect(lost).toEqual([]);
      expect(twice).toEqual([]);
      expect(refused).toEqual([]);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it("takes a staff member's changes sent while there is no primary once the standby is promoted, each once", async () => {
    const db = await openOwnDatabase("failover_staff");
    try {
      await migrateToLatest(db);
      const staff = await createStaffUser(
        db,
        { email: "dee@agency.example", password: "staff-pass-8642", role: "sales", name: "Dee" },
        { id: null, email: "test" },
      );
      const actor = { id: staff.id, email: "dee@agency.example" };
      const { leadId } = await postLead(db, "staff-failover@example.com");
      const oldPrimary = pair.primary();
      await pair.killPrimary();
      const changes = Promise.all([
        setLeadStatus(db, leadId, "qualified", actor),
        setLeadOwner(db, leadId, staff.id, actor, { baseUrl: "https://agency.example" }),
        addLeadNote(db, leadId, "Budget confirmed", actor),
        setLeadFollowUp(db, { leadId, followUpAt: "2026-12-02T09:30", followUpNote: null }, "Europe/Berlin", actor),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await pair.promoteStandby();
      // A commit on the new primary waits for a synchronous standby: the old primary, rejoined.
      await pair.rejoinAsStandby(oldPrimary);
      const [changed, , noteId] = await changes;

      expect(changed).toBe(true);
      expect(await serverPort(db)).toBe(pair.primary().port);
      const lead = await db
        .selectFrom("leads")
        .select(["status", "owner_id"])
        .where("id", "=", leadId)
        .executeTakeFirstOrThrow();
      expect(lead).toEqual({ status: "qualified", owner_id: staff.id });
      const notes = await db.selectFrom("lead_notes").select(["id", "body"]).where("lead_id", "=", leadId).execute();
      expect(notes).toEqual([{ id: noteId, body: "Budget confirmed" }]);
      expect(await auditedActions(db, leadId)).toEqual(STAFF_CHANGE_ACTIONS);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it("sends each queued mail once across a failover, the mail whose send the primary's death interrupted too", async () => {
    const db = await openOwnDatabase("failover_mail");
    let failover: Promise<void> | undefined;
    const smtp = await startSmtpServer({
      onReceived() {
        // The third mail is accepted by the mail server only once the primary is dead: its "sent"
        // cannot be recorded there. A failover manager waits out its leader's lease before it
        // promotes: seconds without a primary, longer than a few quick retries of that record last.
        if (smtp.received.length !== 3 || failover) return;
        const oldPrimary = pair.primary();
        const killed = pair.killPrimary();
        failover = (async () => {
          await killed;
          await new Promise((resolve) => setTimeout(resolve, 8_000));
          await pair.promoteStandby();
          await pair.rejoinAsStandby(oldPrimary);
        })();
        return killed;
      },
    });
    const worker = createMailWorker({
      db,
      logger: pino({ level: "silent" }),
      smtpUrl: smtp.url,
      from: "site@agency.example",
    });
    try {
      await migrateToLatest(db);
      for (let n = 1; n <= 6; n++) await postLead(db, `mail${n}@example.com`);
      const deadline = Date.now() + 60_000;
      const unsent = () =>
        db
          .selectFrom("email_outbox")
          .select("id")
          .where("status", "!=", "sent")
          .execute()
          .catch(() => [{ id: "?" }]);
      while ((!failover || (await unsent()).length > 0) && Date.now() < deadline) {
        await worker.runOnce().catch(() => 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await failover;
      expect(await unsent()).toEqual([]);
      const subjects = smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim());
      expect(subjects).toHaveLength(6);
      expect(new Set(subjects).size).toBe(6);
    } finally {
      await worker.stop();
      await smtp.close();
      await db.destroy();
    }
  }, 120_000);
  it("sends each lead's webhook once across a failover, the one whose answer came after it too", async () => {
    const db = await openOwnDatabase("failover_webhooks");
    let failover: Promise<void> | undefined;
    // The third webhook is held open by its receiver while the primary dies and the standby takes
    // over; it is answered only then, so its outcome is recorded on the new primary.
    const hooks = await startWebhookReceiver((attempt) => {
      if (attempt !== 3 || failover) return { status: 200, body: "ok" };
      failover = failOver().then(() => hooks.release());
      return "hang";
    });
    const worker = createWebhookWorker({
      db,
      logger: pino({ level: "silent" }),
      allowPrivate: true,
      baseUrl: "https://agency.example",
      timeoutMs: 90_000,
    });
    try {
      await migrateToLatest(db);
      await addLoopbackEndpoint(db, hooks.url);
      for (let n = 1; n <= 6; n++) await postLead(db, `hook${n}@example.com`);
      const deadline = Date.now() + 90_000;
      const undelivered = () =>
        db
          .selectFrom("webhook_deliveries")
          .select("id")
          .where("status", "!=", "delivered")
          .execute()
          .catch(() => [{ id: "?" }]);
      const deliveries = () =>
        db
          .selectFrom("webhook_deliveries")
          .select("id")
          .execute()
          .catch(() => []);
      while (
        (!failover || (await deliveries()).length < 6 || (await undelivered()).length > 0) &&
        Date.now() < deadline
      ) {
        await worker.runOnce().catch(() => 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await failover;
      expect(await undelivered()).toEqual([]);
      expect(await deliveries()).toHaveLength(6);
      const ids = hooks.received.map((request) => request.headers["webhook-id"]);
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    } finally {
      await worker.stop();
      await hooks.close();
      await db.destroy();
    }
  }, 150_000);

  it("sends each consenting lead's conversion once across a failover that falls while the platform answers", async () => {
    const db = await openOwnDatabase("failover_ads");
    const env = { ADS_CREDENTIALS_KEY: "a-test-key-for-ad-credentials-0123456789" };
    const platform = await startAdPlatformReceiver({ publicKey: "", clientEmail: "" });
    tls.setDefaultCACertificates([...tls.getCACertificates("default"), platform.cert]);
    // The platform takes the batch and answers only once the primary died and the standby took over,
    // so what became of it is recorded on the new primary.
    const failover = platform.waitFor("meta", 1).then(failOver);
    platform.force("meta", { after: failover });
    const worker = createAdWorker({
      db,
      logger: pino({ level: "silent" }),
      allowPrivate: true,
      env,
      timeoutMs: 90_000,
    });
    try {
      await migrateToLatest(db);
      await connectAdPlatform(
        db,
        "meta",
        {
          datasetId: "555000111",
          accessToken: "meta-system-user-token",
          stages: { lead: "Lead" },
          apiUrl: platform.url,
        },
        { allowPrivate: true, env },
      );
      for (let n = 1; n <= 3; n++) {
        await captureLead(db, {
          flow: "contact",
          input: { name: `Ad ${n}`, email: `ad${n}@example.com` } as never,
          attribution: { ...attribution, ads: { clicks: {}, adUserData: true, adPersonalization: true } },
          mail,
        });
      }
      await worker.runOnce();
      await failover;
      // Later passes, one after the batch's claim would have lapsed: a batch whose outcome went
      // unrecorded would be claimed and sent again.
      await worker.runOnce();
      await worker.runOnce(Date.now() + AD_LOCK_MS + 60_000);
      const rows = await db.selectFrom("ad_conversions").select(["status"]).execute();
      expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent"]);
      expect(platform.received.filter((request) => request.route === "meta")).toHaveLength(1);
      expect(platform.deliveries.meta).toBe(3);
    } finally {
      await worker.stop();
      await platform.close();
      await db.destroy();
    }
  }, 150_000);
});
