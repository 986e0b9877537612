import { ClientDialog } from "~/components/admin/clients/client-dialog";
import { ClientFilters } from "~/components/admin/clients/client-filters";
import { ClientsList } from "~/components/admin/clients/clients-list";
import { ClientColumnsMenu } from "~/components/admin/clients/clients-table";
import { ConversionNotice } from "~/components/admin/clients/conversion-notice";
import { useToastMessage } from "~/components/show-toast";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { loadListOrEmpty } from "~/http/list-loader.server";
import { requireStaff } from "~/http/staff.server";
import { canUseIntent } from "~/lib/roles";
import { CLIENT_COLUMNS, type ClientColumn, clientFiltersSchema, DEFAULT_CLIENT_COLUMNS } from "~/lib/schemas/clients";
import { leadForConversion, listClients } from "~/server/clients/clients.server";
import { listAssignableStaff } from "~/server/leads/owners.server";
import { getPreferences } from "~/server/workspace/preferences.server";
import type { Route } from "./+types/clients";
import { clientIntents } from "./clients.server";

export function meta() {
  return [{ title: "Clients | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  const url = new URL(request.url);
  const filters = clientFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const convertId = url.searchParams.get("convert")?.slice(0, 64) || null;
  const { lead, owners, savedColumns, toast, ...list } = await loadListOrEmpty(
    context,
    "Failed to fetch clients",
    async () => {
      const [list, lead, owners, preferences] = await Promise.all([
        listClients(db, filters, undefined, staff.id),
        convertId ? leadForConversion(db, convertId) : Promise.resolve(null),
        listAssignableStaff(db),
        getPreferences(db, staff.id),
      ]);
      return { ...list, lead, owners, savedColumns: preferences.tableColumns.clients };
    },
    { clients: [], total: 0, page: 1, pageCount: 1, pageSize: 0, lead: null, owners: [], savedColumns: undefined },
  );
  const saved = savedColumns?.filter((column): column is ClientColumn =>
    (CLIENT_COLUMNS as readonly string[]).includes(column),
  );
  return {
    ...list,
    toast,
    owners: owners.map(({ id, email }) => ({ id, email })),
    me: staff.id,
    columns: saved?.length ? saved : [...DEFAULT_CLIENT_COLUMNS],
    // Deleting follows the same role table that guards the action.
    canBulkDelete: canUseIntent(staff.role, "/admin/clients", "bulk-delete"),
    filters: { q: filters.q, status: filters.status ?? "", owner: filters.owner ?? "", sort: filters.sort },
    conversion: convertId && !toast ? (lead ? { lead } : { missingLeadId: convertId }) : null,
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, clientIntents);

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(loaderData.toast);
  useToastMessage(actionData?.toast);
  const { filters, conversion, columns } = loaderData;
  const lead = conversion && "lead" in conversion ? conversion.lead : null;
  const convertLead = lead && !lead.existingClient ? lead : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl">Clients</h1>
          <p className="text-muted-foreground">The agency's clients, newest first.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="hidden md:inline-flex">
            <ClientColumnsMenu columns={columns} />
          </span>
          <ClientDialog
            key={convertLead ? `convert-${convertLead.id}` : "new"}
            mode="create"
            initiallyOpen={Boolean(convertLead)}
            leadId={convertLead?.id}
            prefill={
              convertLead
                ? {
                    name: convertLead.name,
                    email: convertLead.email,
                    phone: convertLead.phone,
                    company: convertLead.company,
                  }
                : {}
            }
          />
        </div>
      </div>
      <ConversionNotice conversion={conversion} />
      <ClientFilters q={filters.q} status={filters.status} owner={filters.owner} sort={filters.sort} />
      <ClientsList {...loaderData} />
    </div>
  );
}
