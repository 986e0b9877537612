import type { Transaction } from "kysely";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database, DB, Row } from "../db/schema.server";
import { fromBool, fromJson } from "../db/values.server";
import type { AppServices } from "../services.server";
import { headerSafe, type OutgoingMail } from "./outbox.server";

export type LeadForMail = Pick<Row<"leads">, "id" | "name" | "email" | "phone" | "company" | "source" | "message">;

export type MailContext = {
  baseUrl: string;
  /** NOTIFY_EMAILS from the environment. */
  notifyEmails: string[];
  /** Why the mails will wait, known when they are queued (no mail server configured). */
  queuedNote?: string | null;
};

const notificationEmailsSetting = preparedQuery((db) =>
  db.selectFrom("site_settings").select("value").where("key", "=", "notification_emails"),
);
const adminAddresses = preparedQuery((db) =>
  db
    .selectFrom("user_roles")
    .innerJoin("user", "user.id", "user_roles.user_id")
    .select(["user.email", "user.disabled"])
    .where("user_roles.role", "=", "admin"),
);

/** The mail context of a lead captured now, from the app's configuration and its mail worker. */
export function leadMailContext({ config, mailWorker }: Pick<AppServices, "config" | "mailWorker">): MailContext {
  return { baseUrl: config.baseUrl, notifyEmails: config.notifyEmails, queuedNote: mailWorker.queuedNote };
}

/**
 * Who hears about new leads: the `notification_emails` setting, else NOTIFY_EMAILS, else every active
 * admin, so that a fresh install still tells somebody.
 */
export async function staffRecipients(trx: Transaction<DB>, context: MailContext) {
  const [setting] = (await notificationEmailsSetting(trx, {})).rows;
  const configured = fromJson<unknown>(setting?.value, null);
  const fromSetting = (Array.isArray(configured) ? configured : String(configured ?? "").split(","))
    .map((entry) => String(entry).trim())
    .filter((entry) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(entry));
  if (fromSetting.length) return fromSetting;
  if (context.notifyEmails.length) return context.notifyEmails;
  return activeAdminAddresses(trx);
}

/** The e-mail addresses of every admin whose account is not disabled. */
export async function activeAdminAddresses(db: Transaction<DB> | Database) {
  const admins = (await adminAddresses(db, {})).rows;
  return admins.filter((admin) => !fromBool(admin.disabled)).map((admin) => admin.email);
}

export function leadNotification(lead: LeadForMail, to: string, context: MailContext): OutgoingMail {
  const lines = [
    `A new lead arrived from ${lead.source}.`,
    "",
    `Name: ${lead.name}`,
    `E-mail: ${lead.email}`,
    `Phone: ${lead.phone ?? "-"}`,
    `Company: ${lead.company ?? "-"}`,
    "",
    lead.message ?? "",
    "",
    `Open the leads: ${context.baseUrl}/admin/leads`,
  ];
  return {
    kind: "lead_notification",
    to,
    subject: headerSafe(`New lead: ${lead.name} (${lead.source})`),
    text: lines.join("\n"),
    leadId: lead.id,
  };
}

export function guideWelcome(
  lead: LeadForMail,
  guideTitle: string,
  downloadUrl: string | null,
  context: { baseUrl: string; brandName: string },
) {
  const link = downloadUrl ? new URL(downloadUrl, `${context.baseUrl}/`).toString() : null;
  const mail: OutgoingMail = {
    kind: "guide_welcome",
    to: lead.email,
    subject: headerSafe(`Your guide: ${guideTitle}`),
    text: [
      `Hi ${lead.name},`,
      "",
      `Thank you for your interest in "${guideTitle}".`,
      link ? `Download it here: ${link}` : "We'll send the guide to you shortly.",
      "",
      // The sender is MAIL_FROM, no-reply@… unless the operator says otherwise: point to a way that works.
      `Questions about your campaigns? Write to us at ${context.baseUrl}/contact`,
      "",
      `The ${context.brandName} team`,
    ].join("\n"),
    leadId: lead.id,
  };
  return mail;
}
