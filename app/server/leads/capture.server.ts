import type { Insertable, Selectable, Transaction } from "kysely";
import type { z } from "zod";
import {
  type contactLeadSchema,
  type getStartedLeadSchema,
  type guideLeadSchema,
  type LeadFlow,
  NEWSLETTER_DEFAULT_NAME,
  type newsletterLeadSchema,
  optionLabels,
} from "~/lib/schemas/leads";
import { keptClicks, recordLeadAdSignals } from "../ads/conversions.server";
import type { AdSignals } from "../ads/signals.server";
import { transactionSharingCommit } from "../db/commit-window.server";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database, DB } from "../db/schema.server";
import { newId, now, toJson } from "../db/values.server";
import { retryOnFailover } from "../db/write-retry.server";
import { guideWelcome, leadNotification, type MailContext, staffRecipients } from "../mail/lead-mails.server";
import { type OutgoingMail, queueMails } from "../mail/outbox.server";
import { loadGuideSettings } from "../site/public-settings.server";
import { recordWebhookEvent, type WebhookLead, webhookLead } from "../webhooks/events.server";
import { type Utm, utmFromUrl } from "./attribution.server";
import { attachEnquiry, type Enquiry, type EnquiryIdentity, findPerson, submissionRow } from "./enquiry.server";
import { getAgencyCountry, identityOf } from "./identity.server";
import { assignmentMail, chooseOwnerForNewLead } from "./owners.server";
import {
  FORM_TOKEN_USED_UP,
  type LeadRateLimit,
  overFormTokenUses,
  overLeadRateLimits,
  tooManySubmissions,
} from "./spam.server";

/** How soon a visitor may try again when the database could not take a lead (a restart takes seconds). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export type Attribution = {
  pageUrl: string | null;
  /** The campaign that first brought the visitor this visit; the lead keeps it, the submission the current one. */
  firstTouch?: Utm | null;
  /** The path the visit began on, for the funnel by landing page. */
  landingPath?: string | null;
  referrer: string | null;
  userAgent: string | null;
  browserInfo: { userAgent: string | null; language: string | null; platform: string | null } | null;
  /** The visit's ad click ids and advertising consent (none: nothing goes to the ad platforms). */
  ads?: AdSignals | null;
};

type FlowInput = {
  contact: z.output<typeof contactLeadSchema>;
  guide: z.output<typeof guideLeadSchema>;
  "get-started": z.output<typeof getStartedLeadSchema>;
  newsletter: z.output<typeof newsletterLeadSchema>;
};

const formNames: Record<LeadFlow, string> = {
  contact: "Contact Form",
  guide: "PDF Download Form",
  "get-started": "Contact Form",
  newsletter: "Newsletter Signup",
};

const orNotSpecified = (value: string | undefined) => (value ? (optionLabels[value] ?? value) : "Not specified");

type ContactDetails = { name: string; email: string; phone?: string | null; company?: string | null };

function contactDetails(data: ContactDetails) {
  return { name: data.name, email: data.email, phone: data.phone ?? null, company: data.company ?? null };
}

/**
 * What each flow stores on the lead: its source names the form, the message holds what the form asked
 * beyond contact details.
 */
function leadFields<F extends LeadFlow>(flow: F, input: FlowInput[F]) {
  switch (flow) {
    case "contact": {
      const data = input as FlowInput["contact"];
      return {
        ...contactDetails(data),
        source: "Contact Form",
        message: [
          `Country: ${orNotSpecified(data.country)}`,
          `Industry: ${orNotSpecified(data.industry)}`,
          `Budget: ${data.budget || "Not specified"}`,
          `Message: ${data.message || "No message"}`,
        ].join("\n"),
      };
    }
    case "guide": {
      const data = input as FlowInput["guide"];
      return { ...contactDetails(data), source: `PDF Download - ${data.guideTitle}`, message: data.message ?? null };
    }
    case "get-started": {
      const data = input as FlowInput["get-started"];
      return { ...contactDetails(data), source: `Get Started - ${data.sourceLabel}`, message: data.message ?? null };
    }
    default: {
      const data = input as FlowInput["newsletter"];
      return {
        name: data.name || NEWSLETTER_DEFAULT_NAME,
        email: data.email,
        phone: null,
        company: null,
        source: "Newsletter Form",
        message: "Subscribed to the newsletter",
      };
    }
  }
}

// Every lead of the site's own forms names its form: compiled once (see preparedQuery).
const activeFormById = preparedQuery((db, $: { id: string }) =>
  db.selectFrom("forms").select("id").where("id", "=", $.id).where("status", "=", "active"),
);
const formByName = preparedQuery((db, $: { name: string }) =>
  db.selectFrom("forms").select("id").where("name", "=", $.name).limit(1),
);

async function resolveFormId(trx: Transaction<DB>, flow: LeadFlow, requestedFormId: string | undefined) {
  if (requestedFormId) {
    const [requested] = (await activeFormById(trx, { id: requestedFormId })).rows;
    if (requested) return requested.id;
  }
  const [byName] = (await formByName(trx, { name: formNames[flow] })).rows;
  return byName?.id ?? null;
}

/** The site's contact form, which enquiries made on other visitor pages (the booking page) are filed under. */
export const contactFormId = (trx: Transaction<DB>) => resolveFormId(trx, "contact", undefined);

type LeadFields = ReturnType<typeof leadFields>;

const insertLead = preparedQuery((db, row: Insertable<DB["leads"]>) => db.insertInto("leads").values(row));
const insertSubmission = preparedQuery((db, row: Insertable<DB["form_submissions"]>) =>
  db.insertInto("form_submissions").values(row),
);

export type NewLead = {
  fields: LeadFields;
  formId: (trx: Transaction<DB>) => Promise<string | null>;
  submissionData: Record<string, unknown>;
  extraMail?: (lead: LeadFields & { id: string }) => OutgoingMail | null;
  /** The id, chosen before the first attempt so that an attempt sent again finds its lead. */
  leadId?: string;
  /** This attempt follows one whose commit may have happened with its answer lost. */
  retried?: boolean;
} & LeadContext;

/**
 * Saves a lead, its form submission and the mails it causes in one transaction: all or nothing. The
 * client's IP is never stored (ip_address stays null). Suspected spam is saved, flagged, and mails
 * nobody. With `rateLimit`, the visitor's counters are taken first in the same transaction (one disk
 * flush for both on the busiest path there is); over a limit it throws a RATE_LIMITED AppError and writes
 * nothing, so a refused submission does not count against the visitor either. The form token's leads
 * are counted there too, so that its limit holds across processes: past it, the lead is kept as spam.
 */
export async function saveLead(db: Database, lead: NewLead) {
  const leadId = lead.leadId ?? newId();
  return retryOnFailover(db, ({ retried }) =>
    transactionSharingCommit(db, (trx) => writeLead(trx, { ...lead, leadId, retried })),
  );
}

/**
 * An enquiry an earlier attempt committed, found by its id (the submission's, chosen before the first
 * attempt): what writeLead answered then. Its mails were queued with it, so none are queued again.
 */
async function savedLead(trx: Transaction<DB>, enquiryId: string) {
  const row = await trx
    .selectFrom("form_submissions")
    .innerJoin("leads", "leads.id", "form_submissions.lead_id")
    .select(["form_submissions.lead_id", "form_submissions.form_id", "leads.spam_reason"])
    .where("form_submissions.id", "=", enquiryId)
    .executeTakeFirst();
  return (
    row && {
      leadId: enquiryId,
      personId: row.lead_id,
      formId: row.form_id,
      mailsQueued: 0,
      spamReason: row.spam_reason,
    }
  );
}

/** saveLead's work, inside a transaction the caller already holds. */
export async function writeLead(
  trx: Transaction<DB>,
  {
    fields,
    formId: chooseFormId,
    submissionData,
    attribution,
    mail,
    spamReason: flagged = null,
    extraMail,
    rateLimit,
    leadId = newId(),
    retried = false,
  }: NewLead,
) {
  if (retried) {
    const saved = await savedLead(trx, leadId);
    if (saved) return saved;
  }
  const lastTouch = utmFromUrl(attribution.pageUrl);
  const firstTouch = attribution.firstTouch ?? lastTouch;
  const at = now();
  if (rateLimit) {
    const retryAfterSeconds = await overLeadRateLimits(trx, rateLimit);
    if (retryAfterSeconds !== null) throw tooManySubmissions(retryAfterSeconds);
  }
  const tokenUsedUp = rateLimit?.formTokenUse ? await overFormTokenUses(trx, rateLimit.formTokenUse) : false;
  const spamReason = flagged ?? (tokenUsedUp ? FORM_TOKEN_USED_UP : null);
  const formId = await chooseFormId(trx);
  const identity = identityOf(fields.email, fields.phone, await getAgencyCountry(trx));
  const enquiry: Enquiry = {
    id: leadId,
    formId,
    at,
    lastTouch,
    pageUrl: attribution.pageUrl,
    landingPath: attribution.landingPath ?? null,
    referrer: attribution.referrer,
    userAgent: attribution.userAgent,
    contact: { name: fields.name, email: fields.email, phone: fields.phone, company: fields.company },
    data: submissionData,
    // No signals: nothing was allowed (as recordLeadAdSignals keeps it for a new person).
    consent: {
      adUserData: attribution.ads?.adUserData ?? false,
      adPersonalization: attribution.ads?.adPersonalization ?? false,
    },
    adClicks: keptClicks(attribution.ads),
  };
  return attachEnquiryOrCreateLead(trx, {
    fields,
    identity,
    enquiry,
    firstTouch,
    attribution,
    mail,
    spamReason,
    extraMail,
  });
}

/**
 * Every visitor path ends here: an enquiry that is not suspected spam and whose e-mail or phone belongs
 * to a known person lands on that person's lead as one more submission; anything else makes a lead.
 * Both answer the visitor alike (the id returned is a fresh one either way), so an enquiry cannot tell
 * whether the e-mail typed was known.
 */
export async function attachEnquiryOrCreateLead(
  trx: Transaction<DB>,
  {
    fields,
    identity,
    enquiry,
    firstTouch,
    attribution,
    mail,
    spamReason,
    extraMail,
  }: {
    fields: LeadFields;
    identity: EnquiryIdentity;
    enquiry: Enquiry;
    firstTouch: Utm;
    attribution: Attribution;
    mail: MailContext;
    spamReason: string | null;
    extraMail?: NewLead["extraMail"];
  },
) {
  const { formId, at } = enquiry;
  // Suspected spam never touches a real lead: it waits in its own record for a person to judge it.
  const person = spamReason === null ? await findPerson(trx, identity) : undefined;
  if (person) {
    const attached = await attachEnquiry(trx, person, enquiry, identity, {
      mail,
      source: fields.source,
      message: fields.message,
      extraMail: extraMail?.({ ...fields, id: person.id }) ?? null,
    });
    // The person's last touch follows this enquiry's visit; their consent was only narrowed by it.
    await recordLeadAdSignals(trx, { id: attached.leadId, isSpam: false }, attribution.ads, at, { returning: true });
    return { leadId: enquiry.id, personId: attached.leadId, formId, mailsQueued: attached.mailsQueued, spamReason };
  }
  // A new person's lead takes the enquiry's id, so an attempt sent again finds either by that one id.
  const leadId = enquiry.id;
  // Suspected spam waits in its queue for a person to judge it; nobody is handed it.
  const owner = spamReason === null ? await chooseOwnerForNewLead(trx, formId) : null;
  const leadRow = {
    id: leadId,
    form_id: formId,
    ...(owner ? { owner_id: owner.id } : {}),
    ...fields,
    status: "new" as const,
    ...firstTouch,
    page_url: attribution.pageUrl,
    landing_path: attribution.landingPath ?? null,
    referrer: attribution.referrer,
    is_spam: spamReason !== null,
    created_at: at,
    updated_at: at,
  };
  await insertLead(trx, {
    ...leadRow,
    ...identity,
    last_enquiry_at: at,
    browser_info: attribution.browserInfo ? toJson(attribution.browserInfo) : null,
    ip_address: null,
    spam_reason: spamReason,
  });
  const submission = submissionRow(enquiry, leadId);
  await insertSubmission(trx, submission);
  // Click ids stay out of webhooks: they are for the ad platforms, as far as consent allows, only.
  const { ip_address: _ip, user_agent: _agent, ad_clicks: _clicks, ...submissionPayload } = submission;
  await recordCaptureEvents(trx, webhookLead(leadRow), {
    ...submissionPayload,
    data: enquiry.data,
    contact: enquiry.contact,
  });
  await recordLeadAdSignals(trx, { id: leadId, isSpam: spamReason !== null, isNew: true }, attribution.ads, at);
  if (spamReason !== null) return { leadId, personId: leadId, formId, mailsQueued: 0, spamReason };
  const lead = { id: leadId, ...fields };
  const mails = (await staffRecipients(trx, mail)).map((to) => leadNotification(lead, to, mail));
  const extra = extraMail?.(lead);
  if (extra) mails.push(extra);
  if (owner) mails.push(assignmentMail(owner, [lead], { baseUrl: mail.baseUrl, by: null }));
  await queueMails(trx, mails, at, mail.queuedNote ?? null);
  return { leadId, personId: leadId, formId, mailsQueued: mails.length, spamReason };
}

/** `lead.created` and `form_submission.created`, committed with the lead; spam is marked, and only endpoints asking for it get it. */
async function recordCaptureEvents(
  trx: Transaction<DB>,
  lead: WebhookLead,
  submission: Omit<
    Selectable<DB["form_submissions"]>,
    "ip_address" | "user_agent" | "ad_clicks" | "counts_as_returning"
  >,
) {
  const common = { at: lead.created_at, leadId: lead.id, email: lead.email, isSpam: lead.is_spam };
  await recordWebhookEvent(trx, { ...common, type: "lead.created", data: { lead } });
  await recordWebhookEvent(trx, { ...common, type: "form_submission.created", data: { submission, lead } });
}

/** What a visitor lead is saved with besides its form's answers: where it came from, whom to mail, the spam verdict, the limits. */
export type LeadContext = {
  attribution: Attribution;
  mail: MailContext;
  /** Why the submission looks like spam (it is kept, flagged, and mails nobody); null when it does not. */
  spamReason?: string | null;
  /** The visitor's submission limits, counted in the lead's transaction (none: not counted). */
  rateLimit?: LeadRateLimit;
};

/** One submission of a visitor form: the flow and its parsed answers, with the lead's context. */
export type CapturedLead<F extends LeadFlow> = LeadContext & { flow: F; input: FlowInput[F] };

/**
 * One of the site's own visitor forms. The guide flow reads its file and brand in the same
 * transaction, so nothing is read before the lead is saved; the download goes to every sender,
 * suspected spam included, which must see the normal success.
 */
export async function captureLead<F extends LeadFlow>(
  db: Database,
  { flow, input, attribution, mail, spamReason = null, rateLimit }: CapturedLead<F>,
) {
  const leadId = newId();
  return retryOnFailover(db, ({ retried }) =>
    transactionSharingCommit(db, async (trx) => {
      const guide = flow === "guide" ? await loadGuideSettings(trx) : null;
      const saved = await writeLead(trx, {
        leadId,
        retried,
        rateLimit,
        fields: leadFields(flow, input),
        formId: (trx) => resolveFormId(trx, flow, (input as { formId?: string }).formId),
        submissionData: { flow, ...input },
        attribution,
        mail,
        spamReason,
        extraMail: guide
          ? (lead) =>
              guideWelcome(lead, (input as FlowInput["guide"]).guideTitle, guide.downloadUrl, {
                baseUrl: mail.baseUrl,
                brandName: guide.brandName,
              })
          : undefined,
      });
      return { ...saved, downloadUrl: guide?.downloadUrl ?? null };
    }),
  );
}
