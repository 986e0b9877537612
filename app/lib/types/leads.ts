import type { LeadStatus } from "../schemas/lead-admin";
import type { LeadFlow } from "../schemas/leads";
import type { ActionResult } from "./action-result";

export type LeadSummary = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  source: string;
  status: LeadStatus;
  message: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  isSpam: boolean;
  spamReason: string | null;
  ownerId: string | null;
  nextFollowUpAt: string | null;
  followUpNote: string | null;
  createdAt: string;
  /** How many enquiries the person has sent, and when the last came. */
  enquiries: number;
  lastEnquiryAt: string;
};

export type EnquiryContactTyped = { name?: string; email?: string; phone?: string | null; company?: string | null };

export type LeadDetail = {
  lead: LeadSummary & {
    formId: string | null;
    formName: string | null;
    utmMedium: string | null;
    pageUrl: string | null;
    referrer: string | null;
    browserInfo: Record<string, unknown> | null;
    updatedAt: string;
    /** False when the phone typed is not a valid number: kept as typed, never used to match enquiries. */
    phoneMatchable: boolean;
    enquiries: number;
  };
  submissions: {
    id: string;
    formName: string | null;
    data: Record<string, unknown>;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    userAgent: string | null;
    createdAt: string;
    pageUrl: string | null;
    landingPath: string | null;
    referrer: string | null;
    /** What the visitor typed as contact details with this enquiry (none on submissions older than that). */
    contact: EnquiryContactTyped | null;
    /** The ad click ids of the visit it came from (gclid, fbclid, fbc, …), as far as its consent allowed. */
    adClicks: Record<string, string>;
  }[];
  notes: { id: string; body: string; authorEmail: string | null; createdAt: string }[];
  statusChanges: {
    id: string;
    fromStatus: LeadStatus | null;
    toStatus: LeadStatus;
    actorEmail: string | null;
    createdAt: string;
  }[];
  mails: {
    id: string;
    kind: string;
    toAddress: string;
    subject: string;
    status: "queued" | "sending" | "sent" | "failed";
    attempts: number;
    lastError: string | null;
    nextAttemptAt: string;
    sentAt: string | null;
    createdAt: string;
  }[];
  /** The client made from this lead, if it was converted into one. */
  client: { id: string; name: string; email: string | null } | null;
};

export type DueFollowUp = {
  id: string;
  name: string;
  company: string | null;
  nextFollowUpAt: string;
  note: string | null;
  overdue: boolean;
};

/** What erasing an address deleted, counted per kind, and how many client records with it were kept. */
export type ErasedData = {
  leads: number;
  formSubmissions: number;
  notes: number;
  statusChanges: number;
  calls: number;
  analyticsEvents: number;
  emails: number;
  rateLimitCounters: number;
  signInRefusals: number;
  clientsKept: number;
  webhookEvents: number;
};

/**
 * What a visitor form's answer (an `ActionResult<LeadOutcome>`, as a page or as JSON for the lead-form
 * island) carries besides its toast: the flow, and what follows a success.
 */
export type LeadOutcome = {
  flow: LeadFlow;
  downloadUrl: string | null;
  redirectUrl: string | null;
  leadEmail?: string | null;
  /** After an enquiry: where its sender picks a time for the call, their details already known. */
  bookingUrl?: string | null;
};

/** A visitor form's answer, read by its page and, as JSON, by the lead-form island. */
export type LeadAnswer = ActionResult<LeadOutcome>;

/** Another lead that may be the same person, and why it is shown. */
export type PossibleDuplicate = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  message: string | null;
  status: LeadStatus;
  ownerId: string | null;
  createdAt: string;
  reason: "email" | "phone" | "name and company";
};

/** A merge into this lead that can still be undone. */
export type UndoableMerge = { id: string; mergedId: string; name: string; email: string; createdAt: string };
