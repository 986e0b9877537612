import { z } from "zod";
import { bulkChangeSchema } from "./bulk";
import { valuesOf } from "./choices";
import { optionalId, optionalText, requiredText } from "./fields";

/** The staff side of leads: list filters, edits, notes and GDPR requests, shared by forms and actions. */

export const leadStatusLabels = {
  new: "New",
  contacted: "Contacted",
  qualified: "Qualified",
  converted: "Converted",
  closed: "Closed",
};
export const LEAD_STATUSES = valuesOf(leadStatusLabels);
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const leadSortLabels = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name A–Z",
  name_desc: "Name Z–A",
  status: "Status",
  follow_up: "Next follow-up",
  last_enquiry: "Last enquiry",
  enquiries: "Most enquiries",
};
export const LEAD_SORTS = valuesOf(leadSortLabels);
export type LeadSort = (typeof LEAD_SORTS)[number];

/** Whose leads: anyone's, the signed-in person's, nobody's, or one staff member's (their user id). */
export const ownerFilter = z
  .string()
  .trim()
  .max(64)
  .regex(/^[A-Za-z0-9_-]*$/)
  .catch("");

export const FOLLOW_UP_FILTERS = ["today", "overdue"] as const;
export const LEADS_PAGE_SIZE = 25;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day (2024-02-31 is not), before year 9999 so that the day after it is still a plain date. */
const calendarDay = z
  .string()
  .regex(isoDay)
  .refine(
    (value) =>
      value < "9999-12-31" && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value),
  )
  .catch("");

/** Filters come from the address bar: anything unusable falls back to "no filter" instead of failing. */
export const leadFiltersSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(["all", ...LEAD_STATUSES]).catch("all"),
  source: z.string().trim().max(200).catch(""),
  from: calendarDay,
  to: calendarDay,
  sort: z.enum(LEAD_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  view: z.enum(["inbox", "spam"]).catch("inbox"),
  owner: ownerFilter,
  due: z.enum(["", ...FOLLOW_UP_FILTERS]).catch(""),
  /** Last enquiry on or after this day. */
  enquired: calendarDay,
});

export type LeadFilters = z.output<typeof leadFiltersSchema>;

export function parseLeadFilters(params: URLSearchParams): LeadFilters {
  return leadFiltersSchema.parse({
    q: params.get("q") ?? "",
    status: params.get("status") ?? "all",
    source: params.get("source") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    sort: params.get("sort") ?? "newest",
    page: params.get("page") ?? "1",
    view: params.get("view") ?? "inbox",
    owner: params.get("owner") ?? "",
    due: params.get("due") ?? "",
    enquired: params.get("enquired") ?? "",
  });
}

/** The filters as query parameters, without defaults, so addresses stay short and shareable. */
export function leadFilterParams(filters: Partial<LeadFilters>) {
  const params = new URLSearchParams();
  if (filters.view && filters.view !== "inbox") params.set("view", filters.view);
  if (filters.q) params.set("q", filters.q);
  if (filters.status && filters.status !== "all") params.set("status", filters.status);
  if (filters.source) params.set("source", filters.source);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.due) params.set("due", filters.due);
  if (filters.enquired) params.set("enquired", filters.enquired);
  if (filters.sort && filters.sort !== "newest") params.set("sort", filters.sort);
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

const leadId = z.string().min(1).max(64);

export const leadStatusSchema = z.object({
  leadId,
  status: z.enum(LEAD_STATUSES, { error: "Choose one of the five statuses." }),
});

export const leadEditSchema = z.object({
  leadId,
  name: z.string().trim().min(1, "Please enter a name.").max(200, "Name can be at most 200 characters."),
  email: requiredText("Please enter an e-mail address.", 254, "E-mail addresses can be at most 254 characters.").pipe(
    z.email("Please enter a valid e-mail address."),
  ),
  phone: optionalText("Phone", 50),
  company: optionalText("Company", 200),
  status: z.enum(LEAD_STATUSES, { error: "Choose one of the five statuses." }),
  message: optionalText("Message", 5000),
});

export type LeadEdit = z.output<typeof leadEditSchema>;

export const leadNoteSchema = z.object({
  leadId,
  body: z.string().trim().min(1, "Please write the note first.").max(5000, "Notes can be at most 5,000 characters."),
});

export const leadIdSchema = z.object({ leadId });

export const resendMailSchema = z.object({ leadId, mailId: z.string().min(1).max(64) });

export const gdprEmailSchema = z.object({
  email: requiredText("Please enter an e-mail address.", 254, "E-mail addresses can be at most 254 characters.").pipe(
    z.email("Please enter a valid e-mail address."),
  ),
});

export const leadOwnerSchema = z.object({
  leadId,
  ownerId: optionalId,
});

export const FOLLOW_UP_NOTE_MAX = 500;

/** The follow-up date is the agency's wall clock (a `datetime-local` value); empty clears it. */
export const leadFollowUpSchema = z.object({
  leadId,
  followUpAt: z
    .string()
    .trim()
    .regex(/^$|^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?$/, "Choose a date and time for the follow-up.")
    .optional()
    .transform((value) => value ?? ""),
  followUpNote: optionalText("The follow-up note", FOLLOW_UP_NOTE_MAX),
});

export const BULK_ACTIONS = ["set-status", "assign", "spam", "not-spam", "delete"] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** More than this many leads in one bulk change is refused: narrow the filter first. */
export const BULK_LIMIT = 25_000;

export const bulkLeadSchema = bulkChangeSchema(BULK_ACTIONS, LEAD_STATUSES, {
  one: "lead",
  many: "leads",
  statusHint: "Choose one of the five statuses.",
});

export const SAVED_VIEW_NAME_MAX = 60;

export const savedViewSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give the view a name.")
    .max(SAVED_VIEW_NAME_MAX, `View names can be at most ${SAVED_VIEW_NAME_MAX} characters.`),
  query: z.string().max(2000).default(""),
});

export const savedViewIdSchema = z.object({ viewId: z.string().min(1).max(64) });

export const leadColumnLabels = {
  status: "Status",
  name: "Name",
  email: "E-mail",
  company: "Company",
  source: "Source",
  campaign: "Campaign",
  owner: "Owner",
  followUp: "Next follow-up",
  age: "Age",
  enquiries: "Enquiries",
  lastEnquiry: "Last enquiry",
};
export const LEAD_COLUMNS = valuesOf(leadColumnLabels);
export type LeadColumn = (typeof LEAD_COLUMNS)[number];

/**
 * The columns a person sees before choosing their own: few enough that a name and an e-mail get room
 * to be read on a laptop screen; company, enquiries and the last enquiry are a choice in the menu.
 */
export const DEFAULT_LEAD_COLUMNS: readonly LeadColumn[] = [
  "status",
  "name",
  "email",
  "source",
  "campaign",
  "owner",
  "followUp",
  "age",
];

export const tableColumnsSchema = z.object({
  table: z.enum(["leads", "clients"]),
  columns: z.array(z.string().max(32)).max(20).default([]),
});
