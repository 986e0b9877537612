import { z } from "zod";
import type { Operation } from "~/lib/api-access";
import type { ApiRoute } from "../api/api-route.server";
import { apiRoutes } from "../api/api-routes.server";

/**
 * The assistant's tools: each is one API route (same role rule, schemas and domain function), with
 * what an assistant needs besides: a name, a description, and whether it changes or deletes data.
 */
export type McpTool = {
  name: string;
  title: string;
  description: string;
  route: ApiRoute;
  /** Deleting or merging (leads are removed) needs `confirm: true` in the call, so an assistant cannot do it in passing. */
  destructive: boolean;
};

function routeOf(method: ApiRoute["method"], path: string) {
  const route = apiRoutes.find((each) => each.method === method && each.path === path);
  if (!route) throw new Error(`no API route ${method} ${path}`);
  return route;
}

export const mcpTools: McpTool[] = [
  {
    name: "search_leads",
    title: "Search leads",
    description:
      "Find leads by text (q: name, e-mail, company), status, source, owner (me, none or a staff id), creation dates (from, to as YYYY-MM-DD), follow-ups due (today, overdue) and sort; pages with cursor.",
    route: routeOf("get", "/leads"),
    destructive: false,
  },
  {
    name: "get_lead",
    title: "Get a lead",
    description: "A lead with its submissions, notes, status changes and calls.",
    route: routeOf("get", "/leads/:leadId"),
    destructive: false,
  },
  {
    name: "add_note",
    title: "Add a note",
    description: "Adds a note to a lead.",
    route: routeOf("post", "/leads/:leadId/notes"),
    destructive: false,
  },
  {
    name: "set_follow_up",
    title: "Set a follow-up",
    description:
      "Sets a lead's next follow-up (followUpAt as YYYY-MM-DDTHH:MM in the agency's time zone, with an optional note); an empty followUpAt clears it.",
    route: routeOf("put", "/leads/:leadId/follow-up"),
    destructive: false,
  },
  {
    name: "change_status",
    title: "Change a lead's status",
    description: "Sets a lead's status: new, contacted, qualified, converted or closed.",
    route: routeOf("put", "/leads/:leadId/status"),
    destructive: false,
  },
  {
    name: "delete_lead",
    title: "Delete a lead",
    description: "Deletes a lead and everything recorded about it. Needs confirm: true.",
    route: routeOf("delete", "/leads/:leadId"),
    destructive: true,
  },
  {
    name: "find_open_slots",
    title: "Find open call slots",
    description:
      "Open call starts (UTC) for a lead (leadId: its owner, else whoever its call would go to) or for a staff member (staffId).",
    route: routeOf("get", "/bookings/open-slots"),
    destructive: false,
  },
  {
    name: "book_call",
    title: "Book a call",
    description:
      "Books a lead's call at one of its open starts (start: an ISO instant from find_open_slots; timeZone: the visitor's IANA zone, for the invitation). A lead holds one upcoming call: move it instead.",
    route: routeOf("post", "/bookings"),
    destructive: false,
  },
  {
    name: "move_call",
    title: "Move a call",
    description:
      "Moves a booked call (bookingId, from get_lead's calls) to another open start of the same staff member (start: an ISO instant); the invitations follow.",
    route: routeOf("post", "/bookings/:bookingId/reschedule"),
    destructive: false,
  },
  {
    name: "merge_leads",
    title: "Merge leads",
    description:
      "Merges other leads (mergedIds) into one lead (leadId) that keeps them all; choice_<field> names the lead whose value stays. The others are removed (staff can undo it for 30 days). Needs confirm: true.",
    route: routeOf("post", "/leads/:leadId/merge"),
    destructive: true,
  },
  {
    name: "summarise_funnel",
    title: "Summarise the funnel",
    description:
      "Visits, leads, qualified leads, calls booked and clients by campaign for a range: range 7, 30 or 90 days, or custom with from and to (YYYY-MM-DD).",
    route: routeOf("get", "/funnel"),
    destructive: false,
  },
];

export function operationOf(tool: McpTool): Operation {
  return tool.route.operation;
}

/** A tool's arguments: the route's path ids, query and body in one object, as the route checks them. */
export function toolInputSchema(tool: McpTool): z.ZodObject {
  const { route } = tool;
  const shape = {
    ...(route.params?.shape ?? {}),
    ...(route.query instanceof z.ZodObject ? route.query.shape : {}),
    ...(route.body instanceof z.ZodObject ? route.body.shape : {}),
  };
  const base = z.object(shape);
  return tool.destructive
    ? base.extend({ confirm: z.literal(true).describe("Must be true: this cannot be undone.") })
    : base;
}
