import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { newId } from "~/server/db/values.server";
import { captureLead } from "~/server/leads/capture.server";
import {
  CLAIM_BATCH,
  claimDueMails,
  holdOf,
  MAX_ATTEMPTS,
  markAttemptFailed,
  markSent,
  RETRY_DELAYS_MS,
  renewHold,
  SEND_LOCK_MS,
} from "~/server/mail/outbox.server";
import { createMailWorker, NO_SMTP_REASON } from "~/server/mail/worker.server";
import { setSetting } from "~/server/settings/settings.server";
import { databasePerTest, dialects, type TestDatabase } from "../support/databases";
import { startSmtpServer } from "../support/smtp";

const logger = pino({ level: "silent" });
const attribution = {
  pageUrl: "https://agency.example/?utm_source=x",
  referrer: null,
  userAgent: "UA",
  browserInfo: null,
};
const mailContext = { baseUrl: "https://agency.example", notifyEmails: ["sales@agency.example"] };

/** A contact-form lead, which queues one staff notification. */
const contactLead = (db: Database, name: string, email: string) =>
  captureLead(db, { flow: "contact", input: { name, email } as never, attribution, mail: mailContext });

/** A request for the guide, which queues its welcome mail (and a staff notification), unless it looks like spam. */
const guideLead = (db: Database, name: string, email: string, spamReason?: string) =>
  captureLead(db, {
    flow: "guide",
    input: { name, email, guideTitle: "Download 50 Winning PPC Strategies" } as never,
    attribution,
    mail: mailContext,
    spamReason,
  });

describe.each(dialects)("the e-mail outbox on %s", (dialect) => {
  const freshDatabase = databasePerTest(dialect);
  let database: TestDatabase;
  let closeSmtp: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeSmtp?.();
    closeSmtp = undefined;
  });

  async function setup() {
    database = await freshDatabase({ seeded: true });
    return database.db;
  }

  const outbox = () => database.db.selectFrom("email_outbox").selectAll().orderBy("kind").execute();

  it("queues the staff notification with the lead, and the guide's welcome mail with its link", async () => {
    const db = await setup();
    await setSetting(db, "ppc_strategies_pdf", "/uploads/pdfs/guide.pdf", null);
    await setSetting(db, "site_title", "Acme Ads", null);
    await contactLead(db, "Ana", "ana@example.com");
    const guide = await guideLead(db, "Ben", "ben@example.com");
    expect(guide.downloadUrl).toBe("/uploads/pdfs/guide.pdf");
    const mails = await outbox();
    expect(mails.map((mail) => [mail.kind, mail.to_address, mail.status])).toEqual([
      ["guide_welcome", "ben@example.com", "queued"],
      ["lead_notification", "sales@agency.example", "queued"],
      ["lead_notification", "sales@agency.example", "queued"],
    ]);
    expect(mails[0]?.text_body).toContain("https://agency.example/uploads/pdfs/guide.pdf");
    expect(mails[0]?.text_body).toContain("The Acme Ads team");
  });

  it("gives suspected spam the guide like anyone else, so a bot learns nothing, and mails nobody", async () => {
    const db = await setup();
    await setSetting(db, "ppc_strategies_pdf", "/uploads/pdfs/guide.pdf", null);
    const saved = await guideLead(db, "Bot", "bot@example.com", "honeypot field filled");
    expect(saved).toMatchObject({ downloadUrl: "/uploads/pdfs/guide.pdf", mailsQueued: 0 });
    expect(await outbox()).toEqual([]);
    expect(await db.selectFrom("leads").select("spam_reason").execute()).toEqual([
      { spam_reason: "honeypot field filled" },
    ]);
  });

  it("saves nothing at all when a step of the transaction fails", async () => {
    const db = await setup();
    await db.schema.dropTable("email_outbox").execute();
    await expect(contactLead(db, "Ana", "ana@example.com")).rejects.toThrow();
    expect(await db.selectFrom("leads").select("id").execute()).toEqual([]);
    expect(await db.selectFrom("form_submissions").select("id").execute()).toEqual([]);
  });

  it("sends through SMTP, with visitor text kept out of the headers", async () => {
    const db = await setup();
    const smtp = await startSmtpServer();
    closeSmtp = smtp.close;
    await contactLead(db, "Eve\r\nBcc: victim@example.com", "eve@example.com");
    const worker = createMailWorker({ db, logger, smtpUrl: smtp.url, from: "site@agency.example" });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(["sales@agency.example"]);
    const headers = smtp.received[0]!.raw.split(/\r?\n\r?\n/)[0]!;
    expect(headers).toMatch(/^Subject: New lead: Eve Bcc: victim@example\.com \(Contact Form\)\r?$/m);
    expect(headers).not.toMatch(/^Bcc:/im);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ status: "sent", attempts: 1, last_error: null });
  });

  it("retries a refusing server with growing delays until it accepts", async () => {
    const db = await setup();
    const smtp = await startSmtpServer({ refuse: (attempt) => attempt <= 2 });
    closeSmtp = smtp.close;
    await contactLead(db, "Ana", "ana@example.com");
    const worker = createMailWorker({ db, logger, smtpUrl: smtp.url, from: "site@agency.example" });
    let clock = Date.now() + 1000;
    expect(await worker.runOnce(clock)).toBe(1);
    expect(await worker.runOnce(clock + RETRY_DELAYS_MS[0]! - 1000)).toBe(0); // not due yet
    clock += RETRY_DELAYS_MS[0]! + 1000;
    expect(await worker.runOnce(clock)).toBe(1);
    clock += RETRY_DELAYS_MS[1]! + 1000;
    expect(await worker.runOnce(clock)).toBe(1);
    await worker.stop();
    const [mail] = await outbox();
    expect(mail).toMatchObject({ status: "sent", attempts: 3, last_error: null });
    expect(smtp.received).toHaveLength(1);
  });

  it("retries after 1 min, 5 min, 30 min, 2 h and 6 h, never sooner, then marks the mail failed and keeps the lead", async () => {
    const minute = 60_000;
    const schedule = [1 * minute, 5 * minute, 30 * minute, 120 * minute, 360 * minute];
    expect(RETRY_DELAYS_MS).toEqual(schedule);
    expect(MAX_ATTEMPTS).toBe(6);
    const db = await setup();
    const smtp = await startSmtpServer({ refuse: () => true });
    closeSmtp = smtp.close;
    await contactLead(db, "Ana", "ana@example.com");
    const worker = createMailWorker({ db, logger, smtpUrl: smtp.url, from: "site@agency.example" });
    const nextTry = async () => {
      const mail = await db
        .selectFrom("email_outbox")
        .select(["next_attempt_at", "attempts"])
        .executeTakeFirstOrThrow();
      return { at: new Date(mail.next_attempt_at).getTime(), attempts: Number(mail.attempts) };
    };
    let clock = Date.now() + 1000;
    expect(await worker.runOnce(clock)).toBe(1);
    expect(smtp.attempts()).toBe(1);
    for (const [index, delay] of schedule.entries()) {
      const next = await nextTry();
      expect(next.attempts).toBe(index + 1);
      // Counted from when the try failed: the delay, plus the moments the try itself took.
      expect(next.at - clock).toBeGreaterThanOrEqual(delay);
      expect(next.at - clock).toBeLessThan(delay + 30_000);
      // A second before it is due, nothing is tried...
      expect(await worker.runOnce(next.at - 1000)).toBe(0);
      expect(smtp.attempts()).toBe(index + 1);
      // ...and once it is due, the next try goes out.
      clock = next.at;
      expect(await worker.runOnce(clock)).toBe(1);
      expect(smtp.attempts()).toBe(index + 2);
    }
    expect(await worker.runOnce(clock + 24 * 60 * minute)).toBe(0);
    expect(smtp.attempts()).toBe(6);
    await worker.stop();
    const [mail] = await outbox();
    expect(mail).toMatchObject({ status: "failed", attempts: 6 });
    expect(mail?.last_error).toContain("Mailbox busy");
    expect(await db.selectFrom("leads").select("email").execute()).toEqual([{ email: "ana@example.com" }]);
  });

  it("keeps mail queued, with the reason, when no SMTP server is configured", async () => {
    const db = await setup();
    await contactLead(db, "Ana", "ana@example.com");
    const worker = createMailWorker({ db, logger, smtpUrl: undefined, from: "site@agency.example" });
    await worker.runOnce();
    await worker.stop();
    const [mail] = await outbox();
    expect(mail).toMatchObject({ status: "queued", attempts: 0, last_error: NO_SMTP_REASON });
  });

  it("without a mail server, says so in the log at start and as leads' mails pile up", async () => {
    const db = await setup();
    const lines: { msg: string; waiting?: number }[] = [];
    const logged = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const worker = createMailWorker({ db, logger: logged, smtpUrl: undefined, from: "site@agency.example" });
    const waitingCounts = () =>
      lines.filter((line) => line.msg === "mail queued but not sent: SMTP_URL is not set").map((line) => line.waiting);
    for (const name of ["Ana", "Ben"]) {
      await captureLead(db, {
        flow: "contact",
        input: { name, email: `${name}@example.com` } as never,
        attribution,
        mail: {
          ...mailContext,
          queuedNote: worker.queuedNote,
        },
      });
      await worker.kick();
    }
    await worker.runOnce();
    expect(waitingCounts()).toEqual([2]);
    // At most once a minute, however many passes and leads follow.
    await contactLead(db, "Cy", "cy@example.com");
    await worker.kick();
    await worker.runOnce();
    expect(waitingCounts()).toEqual([2]);
    await worker.runOnce(Date.now() + 61_000);
    expect(waitingCounts()).toEqual([2, 3]);
    worker.start();
    await worker.stop();
    expect(lines.map((line) => line.msg)).toContain("SMTP_URL is not set: mail stays queued in the outbox until it is");
  });

  it("without a mail server, says why on every queued mail, a backlog of any length included", async () => {
    const db = await setup();
    const at = new Date().toISOString();
    const mail = (index: number, status: "queued" | "sent", lastError: string | null) => ({
      id: newId(),
      lead_id: null,
      kind: "lead_notification" as const,
      to_address: `sales${index}@agency.example`,
      subject: "New lead",
      text_body: "…",
      html_body: null,
      status,
      last_error: lastError,
      next_attempt_at: at,
      created_at: at,
      updated_at: at,
    });
    // Left by an earlier run: never tried, refused by the mail server of the time, and sent.
    const earlier = Array.from({ length: 450 }, (_, index) =>
      mail(index, index % 10 === 9 ? "sent" : "queued", index % 3 === 0 ? "550 mailbox full" : null),
    );
    for (let start = 0; start < earlier.length; start += 100) {
      await db
        .insertInto("email_outbox")
        .values(earlier.slice(start, start + 100))
        .execute();
    }
    const worker = createMailWorker({ db, logger, smtpUrl: undefined, from: "site@agency.example" });
    expect(worker.queuedNote).toBe(NO_SMTP_REASON);
    await worker.runOnce();
    const reasons = async (status: "queued" | "sent") =>
      (await db.selectFrom("email_outbox").select("last_error").where("status", "=", status).execute()).map(
        (row) => row.last_error,
      );
    expect(new Set(await reasons("queued"))).toEqual(new Set([NO_SMTP_REASON]));
    expect(await reasons("queued")).toHaveLength(405);
    expect(new Set(await reasons("sent"))).toEqual(new Set(["550 mailbox full", null]));

    // Mails queued from now on carry the reason from the start; any without it get it on the next pass.
    await captureLead(db, {
      flow: "contact",
      input: { name: "Ana", email: "ana@example.com" } as never,
      attribution,
      mail: {
        ...mailContext,
        queuedNote: worker.queuedNote,
      },
    });
    await db
      .insertInto("email_outbox")
      .values(mail(1000, "queued", null))
      .execute();
    await worker.runOnce();
    await worker.stop();
    expect(new Set(await reasons("queued"))).toEqual(new Set([NO_SMTP_REASON]));
    expect(await reasons("queued")).toHaveLength(407);
  });

  it("lets only the worker holding a mail record it: a hold that ran out changes nothing", async () => {
    const db = await setup();
    await contactLead(db, "Ana", "ana@example.com");
    const t0 = Date.now() + 1000;
    const [first] = await claimDueMails(db, { nowMs: t0 });
    // The first worker's send hangs past its lock; another takes the mail over and sends it.
    const [second] = await claimDueMails(db, { nowMs: t0 + SEND_LOCK_MS + 1 });
    expect(second?.id).toBe(first?.id);
    expect(await markSent(db, holdOf(first!))).toBe(false);
    expect(await markSent(db, holdOf(second!))).toBe(true);
    // The first worker's late failure must not put a sent mail back in the queue.
    await markAttemptFailed(db, holdOf(first!), first!.attempts, "timed out");
    const [mail] = await outbox();
    expect(mail).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("renews a mail's hold just before sending it, so a slow batch is not taken over", async () => {
    const db = await setup();
    await contactLead(db, "Ana", "ana@example.com");
    const t0 = Date.now() + 1000;
    const [claimed] = await claimDueMails(db, { nowMs: t0 });
    const renewed = await renewHold(db, holdOf(claimed!), t0 + 100_000);
    expect(renewed).not.toBeNull();
    expect(await claimDueMails(db, { nowMs: t0 + SEND_LOCK_MS + 1 })).toEqual([]);
    // The old hold is spent: it neither renews nor records.
    expect(await renewHold(db, holdOf(claimed!), t0 + 100_001)).toBeNull();
    expect(await markSent(db, holdOf(claimed!))).toBe(false);
    expect(await markSent(db, renewed!)).toBe(true);
  });

  it("stops after the mail in flight and hands the rest of its batch back to the queue", async () => {
    const db = await setup();
    let stopped: Promise<void> | undefined;
    const smtp = await startSmtpServer({
      onReceived: () => {
        stopped ??= worker.stop();
      },
    });
    closeSmtp = smtp.close;
    for (let index = 0; index < 3; index++) {
      await contactLead(db, `Lead ${index}`, `l${index}@example.com`);
    }
    const worker = createMailWorker({ db, logger, smtpUrl: smtp.url, from: "site@agency.example" });
    expect(await worker.runOnce()).toBe(1);
    await stopped;
    // A lead arriving while the process shuts down claims nothing.
    expect(await worker.kick()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const mails = await outbox();
    expect(mails.filter((mail) => mail.status === "sent")).toHaveLength(1);
    // Back in the queue as if never tried: due now, no attempt counted, no lock left behind.
    expect(
      mails.filter((mail) => mail.status === "queued" && mail.attempts === 0 && mail.locked_until === null),
    ).toHaveLength(2);
  });

  it("lets two workers share the outbox without sending a mail twice", async () => {
    const db = await setup();
    const smtp = await startSmtpServer();
    closeSmtp = smtp.close;
    for (let index = 0; index < 6; index++) {
      await contactLead(db, `Lead ${index}`, `l${index}@example.com`);
    }
    const other = dialect === "postgres" ? database.reopen() : db;
    const workers = [db, other].map((each) =>
      createMailWorker({ db: each, logger, smtpUrl: smtp.url, from: "site@agency.example" }),
    );
    await Promise.all(workers.map((worker) => worker.runOnce()));
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(smtp.received).toHaveLength(6);
    expect((await outbox()).every((mail) => mail.status === "sent" && mail.attempts === 1)).toBe(true);
  });

  it("drains a backlog in one pass, batch after batch, instead of ten mails per poll", async () => {
    const db = await setup();
    const smtp = await startSmtpServer();
    closeSmtp = smtp.close;
    for (let index = 0; index < 3 * CLAIM_BATCH + 5; index++) {
      await contactLead(db, `Lead ${index}`, `l${index}@example.com`);
    }
    const worker = createMailWorker({ db, logger, smtpUrl: smtp.url, from: "site@agency.example" });
    expect(await worker.runOnce()).toBe(3 * CLAIM_BATCH + 5);
    await worker.stop();
    expect(smtp.received).toHaveLength(3 * CLAIM_BATCH + 5);
    expect((await outbox()).every((mail) => mail.status === "sent")).toBe(true);
  });

  it("sends a dead process's claimed mail from another process within a minute, once", async () => {
    const db = await setup();
    const smtp = await startSmtpServer();
    closeSmtp = smtp.close;
    await contactLead(db, "Ana", "ana@example.com");
    const t0 = Date.now();
    // A process claims the mail and dies before sending it.
    expect(await claimDueMails(db, { nowMs: t0 })).toHaveLength(1);
    const survivor = createMailWorker({ db, logger, smtpUrl: smtp.url, from: "site@agency.example" });
    expect(await survivor.runOnce(t0 + 5_000)).toBe(0);
    expect(SEND_LOCK_MS).toBeLessThan(60_000);
    expect(await survivor.runOnce(t0 + SEND_LOCK_MS + 1)).toBe(1);
    await survivor.stop();
    expect(smtp.received).toHaveLength(1);
    expect(await outbox()).toMatchObject([{ status: "sent" }]);
  });

  it("keeps mail waiting while the mail server is down and sends it when it is back", async () => {
    const db = await setup();
    const first = await startSmtpServer();
    await first.close();
    await contactLead(db, "Ana", "ana@example.com");
    const worker = createMailWorker({ db, logger, smtpUrl: first.url, from: "site@agency.example" });
    const t0 = Date.now();
    expect(await worker.runOnce(t0)).toBe(1);
    const [waiting] = await outbox();
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting?.last_error).toMatch(/ECONNREFUSED|connect/i);
    const back = await startSmtpServer({ port: first.port });
    closeSmtp = back.close;
    expect(await worker.runOnce(t0 + RETRY_DELAYS_MS[0]! + 1000)).toBe(1);
    await worker.stop();
    expect(back.received).toHaveLength(1);
    expect(await outbox()).toMatchObject([{ status: "sent", attempts: 2, last_error: null }]);
  });
});
