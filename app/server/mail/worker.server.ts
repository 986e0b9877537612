import nodemailer, { type Transporter } from "nodemailer";
import type { Logger } from "pino";
import type { Database } from "../db/schema.server";
import { claimDueMails, markAttemptFailed, markSent, noteWaitingReason } from "./outbox.server";

export const NO_SMTP_REASON = "Not sent: SMTP_URL is not set. The mail stays queued until it is.";
const POLL_MS = 5_000;

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
}: {
  db: Database;
  logger: Logger;
  smtpUrl: string | undefined;
  from: string;
  pollMs?: number;
}) {
  const transport: Transporter | null = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      })
    : null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let notedEveryQueued = false;

  /** One pass over the due mails; returns how many it tried. */
  async function runOnce(nowMs = Date.now()): Promise<number> {
    if (!transport) {
      // The first pass also relabels what an earlier run (perhaps with a mail server) left queued.
      const waiting = await noteWaitingReason(db, NO_SMTP_REASON, { everyQueued: !notedEveryQueued });
      notedEveryQueued = true;
      if (waiting > 0) logger.warn({ waiting }, "mail queued but not sent: SMTP_URL is not set");
      return 0;
    }
    const mails = await claimDueMails(db, { nowMs });
    for (const mail of mails) {
      try {
        await transport.sendMail({ from, to: mail.to_address, subject: mail.subject, text: mail.text_body });
        await markSent(db, mail.id);
        logger.info({ mailId: mail.id, kind: mail.kind }, "mail sent");
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await markAttemptFailed(db, mail, message, nowMs);
        logger.warn({ mailId: mail.id, attempts: mail.attempts, err: message }, "mail attempt failed");
      }
    }
    return mails.length;
  }

  /** Runs a pass now (after the one in progress, if any), without waiting for the next tick. */
  function kick() {
    // Without a mail server a pass only notes why mail waits; the timer's passes are enough for that.
    if (!transport) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((error) => {
        logger.error({ err: error }, "mail worker pass failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }

  return {
    runOnce,
    kick,
    /** What mails queued now should say from the start about why they wait, if anything. */
    queuedNote: transport ? null : NO_SMTP_REASON,
    start() {
      const pass = () => {
        if (transport) void kick();
        else void runOnce().catch((error) => logger.error({ err: error }, "mail worker pass failed"));
      };
      timer ??= setInterval(pass, pollMs);
      timer.unref?.();
      pass();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      again = false;
      await running;
      transport?.close();
    },
  };
}
