import { z } from "zod";
import { bulkChangeSchema } from "./bulk";
import { valuesOf } from "./choices";
import { editedRowId, optionalId, optionalText, optionalTrimmedText, requiredText } from "./fields";

/** Clients: shared by the New/Edit Client dialog and the server. */

export const clientStatusLabels = { active: "Active", inactive: "Inactive", suspended: "Suspended" };
export const CLIENT_STATUSES = valuesOf(clientStatusLabels);
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** The fields staff edit on a client, named as the table's columns. */
export const CLIENT_EDITABLE_FIELDS = ["name", "email", "phone", "company", "address", "status"] as const;

export const clientSchema = z.object({
  clientId: z.string().max(64).optional(),
  name: requiredText("Name is required.", 200, "Name can be at most 200 characters."),
  email: optionalTrimmedText(254, "E-mail addresses can be at most 254 characters.").pipe(
    z.email("Please enter a valid e-mail address.").nullable(),
  ),
  phone: optionalText("Phone", 50),
  company: optionalText("Company", 200),
  address: optionalText("Address", 500),
  status: z.enum(CLIENT_STATUSES, { error: "Choose a status." }),
  leadId: optionalId,
});
export type ClientInput = z.output<typeof clientSchema>;

/** Editing names the client; a missing id is a form from before the client existed. */
export const updateClientSchema = clientSchema.extend({
  clientId: editedRowId("Which client? Reload the page and try again."),
});

export const clientStatusSchema = z.object({
  clientId: z.string().min(1).max(64),
  status: z.enum(CLIENT_STATUSES, { error: "Choose a status." }),
});

export const CLIENT_SORTS = ["newest", "oldest", "name", "name_desc", "status"] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];

/** The list's query string: search, filters, sort and page; anything unknown falls back to the default. */
export const clientFiltersSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(CLIENT_STATUSES).optional().catch(undefined),
  /** "me", "none" or a staff member's id; empty for anyone. */
  owner: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .catch(undefined),
  sort: z.enum(CLIENT_SORTS).catch("newest"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ClientFilters = z.output<typeof clientFiltersSchema>;

export const clientOwnerSchema = z.object({
  clientId: z.string().min(1).max(64),
  ownerId: optionalId,
});

export const clientColumnLabels = {
  status: "Status",
  name: "Name",
  email: "E-mail",
  phone: "Phone",
  company: "Company",
  address: "Address",
  owner: "Owner",
  added: "Added",
};
export const CLIENT_COLUMNS = valuesOf(clientColumnLabels);
export type ClientColumn = (typeof CLIENT_COLUMNS)[number];
/** What the table shows until a person picks: the address, long and many-lined, only on request. */
export const DEFAULT_CLIENT_COLUMNS: readonly ClientColumn[] = CLIENT_COLUMNS.filter((column) => column !== "address");

export const CLIENT_BULK_ACTIONS = ["set-status", "assign", "delete"] as const;
export type ClientBulkAction = (typeof CLIENT_BULK_ACTIONS)[number];

export const bulkClientSchema = bulkChangeSchema(CLIENT_BULK_ACTIONS, CLIENT_STATUSES, {
  one: "client",
  many: "clients",
  statusHint: "Choose active, inactive or suspended.",
});
