import { z } from "zod";
import { apiLeadListQuerySchema, apiOpenSlotsQuerySchema, apiPageQuerySchema } from "~/lib/schemas/api";
import { bookingIdSchema, bookingOutcomeSchema } from "~/lib/schemas/bookings-admin";
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
import { AppError } from "~/server/app-error.server";
import { leadCallTimeline } from "~/server/bookings/agenda.server";
import { cancelBooking, setBookingOutcome } from "~/server/bookings/bookings.server";
import { listOpenSlots } from "~/server/bookings/open-slots.server";
import { createClient, getClient, listClients } from "~/server/clients/clients.server";
import { listPosts } from "~/server/content/blog.server";
import { listPages } from "~/server/content/pages.server";
import { loadFunnel } from "~/server/dashboard/funnel.server";
import { getForm, listFormSubmissions, listForms } from "~/server/forms/forms.server";
import { setLeadFollowUp } from "~/server/leads/follow-ups.server";
import { filterContext, listLeads } from "~/server/leads/lead-list.server";
import { addLeadNote, deleteLead, getLeadDetail, setLeadStatus } from "~/server/leads/leads.server";
import { setLeadOwner } from "~/server/leads/owners.server";
import { leadMailContext } from "~/server/mail/lead-mails.server";
import { listActivePlans } from "~/server/pricing/plans.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
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
  "put /bookings/:bookingId/outcome": row({
    summary: "Mark a call that took place as held (completed) or a no-show",
    intent: "set-outcome",
    body: bookingOutcomeSchema,
    async run({ body, actor, services }) {
      await setBookingOutcome(services.db, body.bookingId, body.outcome, actor);
      return { bookingId: body.bookingId, status: body.outcome };
    },
  }),
  "post /bookings/:bookingId/cancel": row({
    summary: "Cancel a call: its time is free again and both invitations are withdrawn",
    intent: "cancel-booking",
    body: bookingIdSchema,
    async run({ body, actor, services }) {
      const { config, formSecret, mailWorker } = services;
      await cancelBooking(
        services.db,
        { bookingId: body.bookingId, actor },
        { baseUrl: config.baseUrl, secret: formSecret, nowMs: Date.now(), queuedNote: mailWorker.queuedNote },
      );
      void mailWorker.kick();
      return { bookingId: body.bookingId, status: "cancelled" };
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
