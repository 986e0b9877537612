import { z } from "zod";
import {
  AGENDA_WINDOW_MAX_DAYS,
  apiAgendaQuerySchema,
  apiBookCallSchema,
  apiLeadListQuerySchema,
  apiOpenSlotsQuerySchema,
  apiPageQuerySchema,
  apiRescheduleSchema,
} from "~/lib/schemas/api";
import { bookingOutcomeSchema, cancelBookingSchema } from "~/lib/schemas/bookings-admin";
import { clientFiltersSchema, clientSchema } from "~/lib/schemas/clients";
import { formFiltersSchema } from "~/lib/schemas/forms";
import { funnelQuerySchema } from "~/lib/schemas/funnel";
import {
  leadFollowUpSchema,
  leadIdSchema,
  leadNoteSchema,
  leadOwnerSchema,
  leadStatusSchema,
} from "~/lib/schemas/lead-admin";
import { MERGE_CHOICE_FIELDS, mergeLeadsSchema, unmergeSchema } from "~/lib/schemas/lead-identity";
import { contactLeadSchema } from "~/lib/schemas/leads";
import { dayIn, zonedToUtc } from "~/lib/time-zone";
import type { ApiCaller } from "~/server/api-keys/api-keys.server";
import { AppError } from "~/server/app-error.server";
import { recordAudit } from "~/server/audit/audit.server";
import { leadCallTimeline, listAgenda } from "~/server/bookings/agenda.server";
import {
  bookCall,
  cancelBooking,
  getBooking,
  requireCallAccess,
  rescheduleBooking,
  setBookingOutcome,
} from "~/server/bookings/bookings.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import { createClient, getClient, listClients } from "~/server/clients/clients.server";
import { listPosts } from "~/server/content/blog.server";
import { listPages } from "~/server/content/pages.server";
import { loadFunnel } from "~/server/dashboard/funnel.server";
import { getForm, listFormSubmissions, listForms } from "~/server/forms/forms.server";
import { captureLead } from "~/server/leads/capture.server";
import { setLeadFollowUp } from "~/server/leads/follow-ups.server";
import { filterContext, listLeads } from "~/server/leads/lead-list.server";
import { addLeadNote, deleteLead, getLeadDetail, setLeadStatus } from "~/server/leads/leads.server";
import { mayMerge, mergeLeads, unmergeLead } from "~/server/leads/merge.server";
import { setLeadOwner } from "~/server/leads/owners.server";
import { leadMailContext } from "~/server/mail/lead-mails.server";
import { listActivePlans } from "~/server/pricing/plans.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { ApiServices } from "./api-route.server";
import { routeTable, row } from "./api-route.server";

/** At most this many open starts in one answer: the soonest. */
const OPEN_SLOTS_MAX = 200;
/** Any one lead's screen: the role table has rules for `/admin/leads/:leadId`. */
const ONE_LEAD = "/admin/leads/lead";

/** A cursor is the next page's number, opaque to clients so that the paging can change under it. */
export function encodeCursor(page: number) {
  return Buffer.from(JSON.stringify({ page })).toString("base64url");
}

function decodeCursor(cursor: string | undefined) {
  if (!cursor) return 1;
  try {
    const parsed = z
      .object({ page: z.number().int().min(1).max(1_000_000) })
      .safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")));
    if (parsed.success) return parsed.data.page;
  } catch {}
  throw new AppError("INVALID_INPUT", "The cursor is not one this API gave out.", { field: "cursor" });
}

async function requireLead(db: Parameters<typeof getLeadDetail>[0], leadId: string) {
  const detail = await getLeadDetail(db, leadId);
  if (!detail) throw new AppError("NOT_FOUND", "This lead does not exist (any more).");
  return detail;
}

/** The lead as the API shows it: the lead screen's data (submissions, notes, status changes, calls). */
async function leadResource(db: Parameters<typeof getLeadDetail>[0], leadId: string) {
  const { lead, submissions, notes, statusChanges } = await requireLead(db, leadId);
  const bookings = await leadCallTimeline(db, leadId, await getAgencyTimeZone(db));
  return { ...lead, submissions, notes, statusChanges, bookings };
}

/** The caller as the screens' rules see a staff member. */
const staffOf = (caller: ApiCaller) => ({ id: caller.userId, role: caller.role });

/**
 * Work on these leads' calls and identities follows the lead rule the merge screen applies: admins
 * any lead; sales the leads they own or nobody owns.
 */
function requireLeadWork(caller: ApiCaller, leads: { owner_id: string | null }[], refused: string) {
  if (!mayMerge(staffOf(caller), leads)) throw new AppError("FORBIDDEN", refused);
}

/** A call the caller may change: it exists, and is theirs or of a lead that is theirs or nobody's (admins any). */
async function requireCall(db: ApiServices["db"], bookingId: string, caller: ApiCaller) {
  if (!(await getBooking(db, bookingId))) throw new AppError("NOT_FOUND", "This booking no longer exists.");
  await requireCallAccess(db, bookingId, staffOf(caller));
}

function bookingContext({ config, formSecret, mailWorker }: ApiServices) {
  return { baseUrl: config.baseUrl, secret: formSecret, nowMs: Date.now(), queuedNote: mailWorker.queuedNote };
}

/** A call as the API shows it. */
async function bookingResource(db: ApiServices["db"], bookingId: string) {
  const booking = await getBooking(db, bookingId);
  if (!booking) throw new AppError("NOT_FOUND", "This booking no longer exists.");
  const { id, lead_id, staff_id, starts_at, ends_at, status, visitor_time_zone } = booking;
  return {
    id,
    leadId: lead_id,
    staffId: staff_id,
    startsAt: starts_at,
    endsAt: ends_at,
    status,
    visitorTimeZone: visitor_time_zone,
  };
}

/** A time that was taken meanwhile: refused with the nearest open starts to choose from. */
function slotTaken(nearest: number[]) {
  const offered = nearest.map((ms) => new Date(ms).toISOString()).join(", ");
  return new AppError(
    "CONFLICT",
    offered ? `That time is no longer open. The nearest open starts: ${offered}.` : "That time is no longer open.",
    { field: "start" },
  );
}

/** The leads work: the leads screen's list, and each lead's screen (its intents' role rules). */
const leadRoutes = routeTable("leads", ONE_LEAD, {
  "get /leads": row({
    summary: "List leads with the leads screen's filters (q, status, source, owner, from, to, due, view, sort)",
    screen: "/admin/leads",
    query: apiLeadListQuerySchema,
    async run({ query, caller, services }) {
      const { cursor, limit, ...filters } = query;
      const page = decodeCursor(cursor);
      const { db } = services;
      const context = filterContext(caller.userId, await getAgencyTimeZone(db));
      const listed = await listLeads(db, { ...filters, page }, { pageSize: limit }, context);
      // The list shows the last page for one past the end; a cursor past the end has nothing more.
      const leads = listed.page === page ? listed.leads : [];
      return {
        data: leads,
        total: listed.total,
        totalIsLowerBound: listed.totalIsLowerBound,
        nextCursor: listed.page === page && page < listed.pageCount ? encodeCursor(page + 1) : null,
      };
    },
  }),
  "get /leads/:leadId": row({
    summary: "A lead with its submissions, notes, status changes and calls",
    run: ({ params, services }) => leadResource(services.db, params.leadId as string),
  }),
  "post /leads": row({
    summary:
      "Record an enquiry as the contact form does (name, email, phone, company, country, industry, budget, message): a new lead, or one more submission on the lead of a person already known",
    screen: "/admin/leads",
    body: contactLeadSchema,
    status: 201,
    async run({ body, actor, services }) {
      const { db } = services;
      const saved = await captureLead(db, {
        flow: "contact",
        input: body,
        attribution: { pageUrl: null, referrer: null, userAgent: null, browserInfo: null },
        mail: leadMailContext(services),
      });
      // An enquiry a retried attempt already saved answers with its lead, as the first attempt would.
      const leadId = saved.personId ?? saved.leadId;
      await recordAudit(db, {
        actor,
        action: "lead.create",
        entityType: "lead",
        entityId: leadId,
        summary: { submissionId: saved.leadId },
      });
      void services.mailWorker.kick();
      return { lead: await leadResource(db, leadId) };
    },
  }),
  "post /leads/:leadId/merge": row({
    summary:
      "Merge other leads (mergedIds) into this one; choice_<field> names the lead whose value stays. Undone with unmerge for 30 days",
    intent: "merge",
    body: mergeLeadsSchema,
    async run({ body, actor, caller, services }) {
      const choices = Object.fromEntries(
        MERGE_CHOICE_FIELDS.flatMap((field) => {
          const from = body[`choice_${field}`];
          return from ? [[field, from]] : [];
        }),
      );
      const merged = await mergeLeads(
        services.db,
        { survivorId: body.leadId, mergedIds: body.mergedIds, choices },
        actor,
        { check: (leads) => requireLeadWork(caller, leads, "You may merge only leads you own or that have no owner.") },
      );
      return { mergeIds: merged.mergeIds, lead: await leadResource(services.db, body.leadId) };
    },
  }),
  "post /leads/:leadId/unmerge": row({
    summary: "Undo a merge into this lead (mergeId from its merges): both leads are back",
    intent: "unmerge",
    body: unmergeSchema,
    async run({ body, actor, caller, services }) {
      await unmergeLead(services.db, body.mergeId, actor, {
        check: (leads) => requireLeadWork(caller, leads, "You may unmerge only leads you own or that have no owner."),
      });
      return { lead: await leadResource(services.db, body.leadId) };
    },
  }),
  "put /leads/:leadId/status": row({
    summary: "Change a lead's status",
    intent: "set-status",
    body: leadStatusSchema,
    async run({ body, actor, services }) {
      const changed = await setLeadStatus(services.db, body.leadId, body.status, actor);
      return { changed, lead: await leadResource(services.db, body.leadId) };
    },
  }),
  "put /leads/:leadId/owner": row({
    summary: "Give a lead to a staff member (or to nobody)",
    intent: "assign",
    body: leadOwnerSchema,
    async run({ body, actor, services }) {
      await setLeadOwner(services.db, body.leadId, body.ownerId, actor, leadMailContext(services));
      void services.mailWorker.kick();
      return { lead: await leadResource(services.db, body.leadId) };
    },
  }),
  "put /leads/:leadId/follow-up": row({
    summary: "Set or clear a lead's follow-up (the agency's wall clock, YYYY-MM-DDTHH:MM)",
    intent: "set-follow-up",
    body: leadFollowUpSchema,
    async run({ body, actor, services }) {
      await setLeadFollowUp(services.db, body, await getAgencyTimeZone(services.db), actor);
      return { lead: await leadResource(services.db, body.leadId) };
    },
  }),
  "post /leads/:leadId/notes": row({
    summary: "Add a note to a lead",
    intent: "add-note",
    body: leadNoteSchema,
    status: 201,
    async run({ body, actor, services }) {
      await addLeadNote(services.db, body.leadId, body.body, actor);
      return { lead: await leadResource(services.db, body.leadId) };
    },
  }),
  "delete /leads/:leadId": row({
    summary: "Delete a lead (administrators only)",
    intent: "delete",
    body: leadIdSchema,
    async run({ body, actor, services }) {
      await deleteLead(services.db, body.leadId, actor);
      return { deleted: true };
    },
  }),
});

/** Calls: the Bookings screen's intents. */
const bookingRoutes = routeTable("bookings", "/admin/bookings", {
  "get /bookings/open-slots": row({
    summary:
      "Open call starts for a lead (leadId: its owner, else whoever its call goes to) or a staff member (staffId)",
    query: apiOpenSlotsQuerySchema,
    async run({ query, services }) {
      const { db } = services;
      let target: { ownerId: string | null; formId: string | null };
      if (query.leadId) {
        const lead = await db
          .selectFrom("leads")
          .select(["owner_id", "form_id"])
          .where("id", "=", query.leadId)
          .executeTakeFirst();
        if (!lead) throw new AppError("NOT_FOUND", "This lead does not exist (any more).");
        target = { ownerId: lead.owner_id, formId: lead.form_id };
      } else target = { ownerId: query.staffId ?? null, formId: null };
      const { starts } = await listOpenSlots(db, target, { nowMs: Date.now() });
      return { starts: starts.slice(0, OPEN_SLOTS_MAX).map((ms) => new Date(ms).toISOString()) };
    },
  }),
  "get /bookings": row({
    summary:
      "The agenda: calls starting from one day to another (from, to as YYYY-MM-DD in the agency's time zone, to included, at most 31 days; a week from today by default), by staff and status",
    query: apiAgendaQuerySchema,
    async run({ query, services }) {
      const { db } = services;
      const timeZone = await getAgencyTimeZone(db);
      const from = query.from ?? dayIn(timeZone);
      const [year, month, day] = from.split("-").map(Number) as [number, number, number];
      const [toYear, toMonth, toDay] = (query.to ?? "").split("-").map(Number);
      const fromMs = zonedToUtc(timeZone, year, month, day);
      const toMs = query.to
        ? zonedToUtc(timeZone, toYear as number, toMonth as number, (toDay as number) + 1)
        : zonedToUtc(timeZone, year, month, day + 7);
      // Only `to` given: checked against today, as the schema checks a window given whole.
      if (toMs <= fromMs || toMs - fromMs > (AGENDA_WINDOW_MAX_DAYS + 1) * 86_400_000) {
        throw new AppError(
          "INVALID_INPUT",
          `The window runs from today (from) to a later day (to), at most ${AGENDA_WINDOW_MAX_DAYS} days.`,
          { field: "to" },
        );
      }
      const agenda = await listAgenda(db, {
        fromIso: new Date(fromMs).toISOString(),
        toIso: new Date(toMs).toISOString(),
        staffId: query.staff ?? null,
        status: query.status ?? null,
      });
      return { data: agenda, timeZone };
    },
  }),
  "post /bookings": row({
    summary:
      "Book a lead's call at one of its open starts (start: an ISO instant from open-slots; timeZone: the visitor's, for the invitation). One upcoming call per lead",
    body: apiBookCallSchema,
    status: 201,
    async run({ body, actor, caller, services }) {
      const { db } = services;
      const lead = await db.selectFrom("leads").select("owner_id").where("id", "=", body.leadId).executeTakeFirst();
      if (!lead) throw new AppError("NOT_FOUND", "This lead does not exist (any more).");
      requireLeadWork(caller, [lead], "This lead is another person's: only they or an admin can book its call.");
      const outcome = await bookCall(
        db,
        { leadId: body.leadId, startMs: Date.parse(body.start), visitorTimeZone: body.timeZone, actor },
        bookingContext(services),
      );
      if (!outcome.ok) {
        if (outcome.existing) {
          throw new AppError("CONFLICT", "This lead has an upcoming call already: move that one instead.");
        }
        throw slotTaken(outcome.nearest);
      }
      void services.mailWorker.kick();
      return bookingResource(db, outcome.bookingId);
    },
  }),
  "post /bookings/:bookingId/reschedule": row({
    summary: "Move a call to another open start of the same staff member; the invitations follow",
    body: apiRescheduleSchema,
    async run({ body, actor, caller, services }) {
      const { db } = services;
      await requireCall(db, body.bookingId, caller);
      const outcome = await rescheduleBooking(
        db,
        { bookingId: body.bookingId, startMs: Date.parse(body.start), actor },
        bookingContext(services),
      );
      if (!outcome.ok) throw slotTaken(outcome.nearest);
      void services.mailWorker.kick();
      return bookingResource(db, body.bookingId);
    },
  }),
  "put /bookings/:bookingId/outcome": row({
    summary: "Mark a call that took place as held (completed) or a no-show",
    intent: "set-outcome",
    body: bookingOutcomeSchema,
    async run({ body, actor, caller, services }) {
      await requireCall(services.db, body.bookingId, caller);
      await setBookingOutcome(services.db, body.bookingId, body.outcome, actor);
      return bookingResource(services.db, body.bookingId);
    },
  }),
  "post /bookings/:bookingId/cancel": row({
    summary:
      "Cancel a call (an optional reason goes into the visitor's mail): its time is free again and both invitations are withdrawn",
    intent: "cancel-booking",
    body: cancelBookingSchema,
    async run({ body, actor, caller, services }) {
      await requireCall(services.db, body.bookingId, caller);
      await cancelBooking(
        services.db,
        { bookingId: body.bookingId, actor, reason: body.reason },
        bookingContext(services),
      );
      void services.mailWorker.kick();
      return bookingResource(services.db, body.bookingId);
    },
  }),
});

const clientRoutes = routeTable("clients", "/admin/clients", {
  "get /clients": row({
    summary: "List clients with the clients screen's filters (q, status, owner, sort, page)",
    query: clientFiltersSchema,
    async run({ query, caller, services }) {
      const listed = await listClients(services.db, query, undefined, caller.userId);
      return { data: listed.clients, total: listed.total, page: listed.page, pageCount: listed.pageCount };
    },
  }),
  "get /clients/:clientId": row({
    summary: "A client",
    async run({ params, services }) {
      const client = await getClient(services.db, params.clientId as string);
      if (!client) throw new AppError("NOT_FOUND", "That client no longer exists.");
      return client;
    },
  }),
  "post /clients": row({
    summary: "Create a client; with leadId, convert that lead (once: a second conversion is refused)",
    intent: "create",
    body: clientSchema,
    status: 201,
    async run({ body, actor, services }) {
      const { id } = await createClient(services.db, body, actor);
      return getClient(services.db, id);
    },
  }),
});

/** Content reads: each list stands for its own screen. */
const contentRoutes = routeTable("content", "/admin/forms", {
  "get /forms": row({
    summary: "The forms, with their counters (q, status, type as on the forms screen)",
    query: formFiltersSchema,
    run: async ({ query, services }) => ({ data: await listForms(services.db, query) }),
  }),
  "get /forms/:formId/submissions": row({
    summary: "A form's submissions, newest first, by page",
    query: apiPageQuerySchema,
    async run({ params, query, services }) {
      const formId = params.formId as string;
      if (!(await getForm(services.db, formId))) throw new AppError("NOT_FOUND", "That form no longer exists.");
      const { submissions, ...paging } = await listFormSubmissions(services.db, formId, query.page);
      return { data: submissions, ...paging };
    },
  }),
  "get /pages": row({
    summary: "The site's pages",
    screen: "/admin/pages",
    run: async ({ services }) => ({ data: await listPages(services.db) }),
  }),
  "get /posts": row({
    summary: "The blog's posts",
    screen: "/admin/blog",
    run: async ({ services }) => ({ data: await listPosts(services.db) }),
  }),
  "get /pricing": row({
    summary: "The pricing plans on offer",
    screen: "/admin/pricing",
    run: async ({ services }) => ({ data: await listActivePlans(services.db) }),
  }),
});

const analyticsRoutes = routeTable("analytics", "/admin/dashboard", {
  "get /funnel": row({
    summary: "The funnel by campaign for a range (range 7|30|90, or custom with from and to)",
    query: funnelQuerySchema,
    async run({ query, services }) {
      // The dashboard reads its range from the address: the checked query, written back as one.
      const params = new URLSearchParams(
        Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
      );
      return loadFunnel(services.db, params);
    },
  }),
});

/** Every route of `/api/v1`: the OpenAPI document, the assistant's tools and the role matrix are made from this list. */
export const apiRoutes = [...leadRoutes, ...bookingRoutes, ...clientRoutes, ...contentRoutes, ...analyticsRoutes];
