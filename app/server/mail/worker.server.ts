import { createRequire } from "node:module";
import type { Transporter } from "nodemailer";
import type { Logger } from "pino";
import { createPassRunner } from "../background/passes.server";
import type { Database, Row } from "../db/schema.server";
import { retryOnFailover } from "../db/write-retry.server";
import {
  CLAIM_BATCH,
  claimDueMails,
  countQueuedMails,
  holdOf,
  type MailHold,
  markAttemptFailed,
  markSent,
  noteWaitingReason,
  releaseClaim,
  renewHold,
  SEND_LOCK_MS,
} from "./outbox.server";

export const NO_SMTP_REASON = "Not sent: SMTP_URL is not set. The mail stays queued until it is.";
const POLL_MS = 5_000;
/** Without a mail server, how often at most the log says that mail is piling up. */
const WAITING_LOG_MS = 60_000;
/** Recording a sent mail is retried after these pauses: a mail the server took must not go out again. */
const RECORD_RETRY_MS = [200, 1_000, 5_000];

export type MailWorker = ReturnType<typeof createMailWorker>;

/**
 * Sends the outbox in the background: never on a visitor's request, so a slow or broken mail server
 * can delay mail but never a lead. Without SMTP_URL the mails wait, and say why.
 */
export function createMailWorker({
  db,
  logger,
  smtpUrl,
  from,
  pollMs = POLL_MS,
  isLeader = () => true,
}: {
  db: Database;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  pollMs?: number;
  /**
   * Whether this process does the deployment's once-only work: without a mail server, labelling the
   * waiting mails and saying so in the log. Sending runs in every process (claims keep it to once).
   */
  isLeader?: () => boolean;
}) {
  // Loaded only when there is a mail server to talk to: a process without one keeps the memory.
  const transport: Transporter | null = smtpUrl
    ? (createRequire(import.meta.url)("nodemailer") as typeof import("nodemailer")).createTransport({
        url: smtpUrl,
        // One connection, kept open between mails: a backlog goes out at the server's pace, without a
        // new connection and greeting for each mail.
        pool: true,
        maxConnections: 1,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  let notedEveryQueued = false;
  /** Without a mail server: whether leads queued mail since the log last said how much waits. */
  let queuedSinceLog = true;
  let lastWaitingLog = Number.NEGATIVE_INFINITY;

  /** Without a mail server: label what waits, and say in the log, at most once a minute, how much. */
  async function noteWaiting(nowMs: number) {
    // The first pass also relabels what an earlier run (perhaps with a mail server) left queued.
    await noteWaitingReason(db, NO_SMTP_REASON, { everyQueued: !notedEveryQueued });
    notedEveryQueued = true;
    if (!queuedSinceLog || nowMs - lastWaitingLog < WAITING_LOG_MS) return;
    queuedSinceLog = false;
    const waiting = await countQueuedMails(db);
    if (waiting === 0) return;
    lastWaitingLog = nowMs;
    logger.warn({ waiting }, "mail queued but not sent: SMTP_URL is not set");
  }

  /**
   * Records a mail the server accepted; retried, because a failure here must not send it again.
   * Across a failover it is sent on until the new primary takes it: the write is safe to repeat, as
   * it holds only while this worker's hold stands, and a first recording that committed ends that.
   */
  async function recordSent(hold: MailHold, kind: string, clock: () => number) {
    for (let attempt = 0; ; attempt++) {
      try {
        if (await retryOnFailover(db, () => markSent(db, hold, clock())))
          logger.info({ mailId: hold.id, kind }, "mail sent");
        else logger.warn({ mailId: hold.id }, "mail sent after another worker took it over");
        return;
      } catch (error) {
        const pause = RECORD_RETRY_MS[attempt];
        if (pause === undefined) {
          logger.error({ err: error, mailId: hold.id }, "mail sent but not recorded; it may go out again");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  }

  /**
   * Keeps the hold on a mail while its send is under way, so that a slow mail server never lets
   * another worker take it over; `stop` returns the latest hold, to record the outcome with.
   */
  function keepHold(initial: MailHold, clock: () => number) {
    let current = initial;
    let renewing = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing.then(async () => {
        current = (await renewHold(db, current, clock()).catch(() => current)) ?? current;
      });
    }, SEND_LOCK_MS / 3);
    return {
      async stop() {
        clearInterval(timer);
        await renewing;
        return current;
      },
    };
  }

  /** Sends one claimed batch; returns how many it tried. A stop hands the rest back to the queue. */
  async function sendBatch(sender: Transporter, mails: Row<"email_outbox">[], clock: () => number) {
    let tried = 0;
    for (const [index, mail] of mails.entries()) {
      if (passes.isStopping()) {
        await releaseClaim(db, mails.slice(index), clock());
        break;
      }
      // A claim still young is ours for certain (nobody may take a mail over before its hold runs
      // out): only an older one is renewed, and checked, before the send. One write less per mail.
      const claimed = holdOf(mail);
      const fresh = Date.parse(claimed.lockedUntil) - clock() > SEND_LOCK_MS / 2;
      const renewed = fresh ? claimed : await renewHold(db, claimed, clock());
      if (!renewed) continue;
      tried++;
      const kept = keepHold(renewed, clock);
      try {
        await sender.sendMail({
          from,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          ...(mail.calendar ? { icalEvent: calendarPart(mail.calendar) } : {}),
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await markAttemptFailed(db, await kept.stop(), mail.attempts, message, clock());
        logger.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, "mail attempt failed");
        continue;
      }
      await recordSent(await kept.stop(), mail.kind, clock);
    }
    return tried;
  }

  /**
   * One pass over the due mails, batch after batch until none is due (a backlog drains at the mail
   * server's pace, not a batch per poll); returns how many it tried. Each mail's hold is renewed
   * just before its send and kept while it lasts.
   */
  async function runOnce(nowMs = Date.now()): Promise<number> {
    if (!transport) {
      if (isLeader()) await noteWaiting(nowMs);
      return 0;
    }
    // The pass's clock (tests set it) moved on by the time the sends took.
    const started = Date.now();
    const clock = () => nowMs + (Date.now() - started);
    let tried = 0;
    for (;;) {
      const mails = await claimDueMails(db, { nowMs: clock() });
      tried += await sendBatch(transport, mails, clock);
      if (mails.length < CLAIM_BATCH || passes.isStopping()) return tried;
    }
  }

  const passes = createPassRunner({ runOnce: () => runOnce(), pollMs, logger, label: "mail worker" });

  return {
    runOnce,
    /** A lead queued mail: send it now rather than at the next tick. */
    kick() {
      // Without a mail server there is nothing to send; the timer's passes say in the log that mail waits.
      if (!transport) {
        queuedSinceLog = true;
        return Promise.resolve(0);
      }
      return passes.pass();
    },
    /** What mails queued now should say from the start about why they wait, if anything. */
    queuedNote: transport ? null : NO_SMTP_REASON,
    start() {
      if (!transport && isLeader()) logger.warn("SMTP_URL is not set: mail stays queued in the outbox until it is");
      passes.start();
    },
    /** Ends after the mail being sent, if any; the pass's other mails go back to the queue. */
    async stop() {
      await passes.stop();
      transport?.close();
    },
  };
}

/** An invitation's text/calendar part, with the METHOD its content declares (REQUEST or CANCEL). */
function calendarPart(content: string) {
  const method = /^METHOD:(\w+)/m.exec(content)?.[1] ?? "REQUEST";
  return { method, filename: method === "CANCEL" ? "cancel.ics" : "invite.ics", content };
}
