import { type ExpressionBuilder, type Kysely, type SqlBool, sql, type Transaction } from "kysely";
import { preparedQuery } from "../db/prepared-query.server";
import type { DB } from "../db/schema.server";
import { toJson } from "../db/values.server";
import { type MailContext, staffRecipients } from "../mail/lead-mails.server";
import { headerSafe, type OutgoingMail, queueMails } from "../mail/outbox.server";
import { recordWebhookEvent, webhookLead } from "../webhooks/events.server";
import type { Utm } from "./attribution.server";

/** What a visitor typed as their contact details with one enquiry. */
export type EnquiryContact = { name: string; email: string; phone: string | null; company: string | null };

/** The identity an enquiry is matched on: see identity.server.ts. */
export type EnquiryIdentity = { email_normalized: string; phone_e164: string | null };

/** One enquiry as it is written to form_submissions, whichever person it lands on. */
export type Enquiry = {
  id: string;
  formId: string | null;
  at: string;
  lastTouch: Utm;
  pageUrl: string | null;
  landingPath: string | null;
  referrer: string | null;
  userAgent: string | null;
  contact: EnquiryContact;
  data: Record<string, unknown>;
  /** The advertising consent the visitor's pages were rendered with when they sent it. */
  consent: EnquiryConsent;
  /** The visit's ad click ids as far as its consent lets us keep them; null for none. */
  adClicks?: Record<string, string> | null;
};

/** What an enquiry's visitor allowed for advertising (see ads/signals.server.ts). */
export type EnquiryConsent = { adUserData: boolean; adPersonalization: boolean };

/** The columns of an enquiry's form_submissions row. */
export function submissionRow(enquiry: Enquiry, leadId: string) {
  return {
    id: enquiry.id,
    form_id: enquiry.formId,
    lead_id: leadId,
    ...enquiry.lastTouch,
    page_url: enquiry.pageUrl,
    landing_path: enquiry.landingPath,
    referrer: enquiry.referrer,
    contact: toJson(enquiry.contact),
    data: toJson(enquiry.data),
    ad_user_data: enquiry.consent.adUserData,
    ad_personalization: enquiry.consent.adPersonalization,
    ad_clicks: enquiry.adClicks ? toJson(enquiry.adClicks) : null,
    ip_address: null,
    user_agent: enquiry.userAgent,
    created_at: enquiry.at,
  };
}

/**
 * The person an enquiry belongs to: a lead with the same normalised e-mail, or else the same phone in
 * E.164, that is not spam (the oldest when several match). Spam is never matched, so a spammer who
 * types a client's address cannot reach the client's record; a lead erased is gone and so never matched.
 */
export async function findPerson(trx: Transaction<DB>, identity: EnquiryIdentity) {
  const byEmail = await personWhere(trx, "email_normalized", identity.email_normalized);
  if (byEmail) return byEmail;
  return identity.phone_e164 ? personWhere(trx, "phone_e164", identity.phone_e164) : undefined;
}

// Built once: building the query anew cost several times what SQLite takes to answer it.
const personByEmail = preparedQuery((db, $: { value: string }) => personQuery(db, "email_normalized", $.value));
const personByPhone = preparedQuery((db, $: { value: string }) => personQuery(db, "phone_e164", $.value));

async function personWhere(trx: Transaction<DB>, column: "email_normalized" | "phone_e164", value: string) {
  const lookUp = column === "email_normalized" ? personByEmail : personByPhone;
  return (await lookUp(trx, { value })).rows[0];
}

/** The lookup behind findPerson, for a test that reads its plan. */
export function personQuery(db: Kysely<DB>, column: "email_normalized" | "phone_e164", value: string) {
  return (
    db
      .selectFrom("leads")
      .selectAll()
      .where(column, "=", value)
      .where(notSpam)
      .orderBy("created_at")
      .orderBy("id")
      // Written out: with the limit a bound value, SQLite sorts through a temporary table it builds
      // each time (several times the cost of the look-up itself, on every capture).
      .limit(sql.lit(1))
  );
}

/**
 * Leads that are not spam, written so that SQLite cannot answer it from an index that starts with
 * is_spam: without statistics its planner rates `is_spam = false` as selective as an e-mail, and with
 * an index that also gives the order asked for it walks every real lead instead of the e-mail's few
 * (each capture then took longer the more leads there were). PostgreSQL plans both spellings alike.
 */
export const notSpam = (eb: ExpressionBuilder<DB, "leads">) => eb.not(eb.ref("leads.is_spam").$castTo<SqlBool>());

export type Person = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/**
 * A returning person's enquiry: the submission goes on their lead and nothing the visitor typed changes
 * what staff see as the lead's own. Anyone can type anyone's e-mail, so the name, e-mail, company and
 * phone stay; only an empty phone or company is filled. The owner, status and the first touch stay; the
 * enquiry count and the last enquiry's time move. The owner (or, with none, the staff who get new
 * leads) is mailed, a follow-up is proposed for today when none is set, and `lead.enquired` and
 * `form_submission.created` are recorded. The caller answers the visitor exactly as for a new person.
 */
export async function attachEnquiry(
  trx: Transaction<DB>,
  person: Person,
  enquiry: Enquiry,
  identity: EnquiryIdentity,
  {
    mail,
    source,
    message,
    extraMail,
  }: {
    mail: MailContext;
    source: string;
    message: string | null;
    extraMail?: OutgoingMail | null;
  },
) {
  const filled = {
    ...(person.phone === null && enquiry.contact.phone
      ? { phone: enquiry.contact.phone, phone_e164: identity.phone_e164 }
      : {}),
    ...(person.company === null && enquiry.contact.company ? { company: enquiry.contact.company } : {}),
    ...(person.next_follow_up_at === null ? { next_follow_up_at: enquiry.at } : {}),
  };
  await trx.insertInto("form_submissions").values(submissionRow(enquiry, person.id)).execute();
  const lead = await trx
    .updateTable("leads")
    .set((eb) => ({ ...filled, enquiries: eb("enquiries", "+", 1), last_enquiry_at: enquiry.at }))
    .where("id", "=", person.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await restrictConsent(trx, lead.id, enquiry.consent);
  const payloadLead = webhookLead(lead);
  const common = { at: enquiry.at, leadId: lead.id, email: lead.email, isSpam: false };
  const submission = { ...submissionRow(enquiry, lead.id), data: enquiry.data, contact: enquiry.contact };
  // Click ids stay out of webhooks: they are for the ad platforms, as far as consent allows, only.
  const { ip_address: _ip, user_agent: _agent, ad_clicks: _clicks, ...submissionPayload } = submission;
  await recordWebhookEvent(trx, {
    ...common,
    type: "lead.enquired",
    data: { lead: payloadLead, submission: submissionPayload },
  });
  await recordWebhookEvent(trx, {
    ...common,
    type: "form_submission.created",
    data: { submission: submissionPayload, lead: payloadLead },
  });
  const owner = lead.owner_id
    ? await trx.selectFrom("user").select("email").where("id", "=", lead.owner_id).executeTakeFirst()
    : undefined;
  const recipients = owner ? [owner.email] : await staffRecipients(trx, mail);
  const mails = recipients.map((to) => enquiryNotification(lead, enquiry, { to, source, message }, mail));
  if (extraMail) mails.push(extraMail);
  await queueMails(trx, mails, enquiry.at, mail.queuedNote ?? null);
  return { leadId: lead.id, mailsQueued: mails.length };
}

/**
 * A person's consent is the most restrictive of their enquiries': an enquiry that refuses advertising
 * takes it back from the lead, one that grants it never gives it (anyone can type anyone's e-mail, and
 * consent once refused is only given again by the person, not by a form that names them).
 */
export async function restrictConsent(trx: Transaction<DB>, leadId: string, consent: EnquiryConsent) {
  const refused = {
    ...(consent.adUserData ? {} : { ad_user_data: false }),
    ...(consent.adPersonalization ? {} : { ad_personalization: false }),
  };
  if (Object.keys(refused).length === 0) return;
  await trx.updateTable("lead_ad_signals").set(refused).where("lead_id", "=", leadId).execute();
}

/** The mail about a known person's new enquiry: who, through which form and campaign, and what they wrote. */
function enquiryNotification(
  lead: { id: string; name: string; email: string },
  enquiry: Enquiry,
  { to, source, message }: { to: string; source: string; message: string | null },
  context: MailContext,
): OutgoingMail {
  const typed = enquiry.contact;
  const lines = [
    `${lead.name} (${lead.email}) sent a new enquiry through ${source}.`,
    `Campaign: ${enquiry.lastTouch.utm_campaign ?? "-"}`,
    "",
    `Typed with it: ${typed.name}, ${typed.email}, phone ${typed.phone ?? "-"}, company ${typed.company ?? "-"}`,
    "",
    message ?? "",
    "",
    `Open the lead: ${context.baseUrl}/admin/leads/${lead.id}`,
  ];
  return {
    kind: "lead_notification",
    to,
    subject: headerSafe(`New enquiry: ${lead.name} (${source})`),
    text: lines.join("\n"),
    leadId: lead.id,
  };
}
