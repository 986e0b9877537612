import { BulkBar } from "~/components/admin/bulk-bar";
import type { OwnerChoice } from "~/components/admin/leads/lead-owner-select";
import { ListRegion, SelectableListBody } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/pagination";
import { useListSelection } from "~/components/admin/use-list-selection";
import type { ClientColumn, ClientSort } from "~/lib/schemas/clients";
import type { Client } from "~/lib/types/clients";
import { clientBulkTarget } from "./client-bulk-actions";
import { ClientCard } from "./client-card";
import { clientFilterParams } from "./client-filters";
import { ClientsTable } from "./clients-table";

/** The clients found, as a table (cards on small screens), with selection, bulk actions and paging. */
export function ClientsList({
  clients,
  total,
  page,
  pageCount,
  filters,
  owners,
  me,
  columns,
  canBulkDelete,
}: {
  clients: Client[];
  total: number;
  page: number;
  pageCount: number;
  filters: { q: string; status: string; owner: string; sort: ClientSort };
  owners: OwnerChoice[];
  me: string;
  columns: ClientColumn[];
  canBulkDelete: boolean;
}) {
  const list = useListSelection(
    clients.map((client) => client.id),
    { filter: clientFilterParams(filters), knownCount: total },
  );
  const filtering = Boolean(filters.q || filters.status || filters.owner);
  const work = { owners, me };
  return (
    <>
      <ListRegion
        label="Clients"
        items={clients}
        empty={{
          title: "No clients found matching your criteria",
          hint: filtering ? "Try adjusting your search or status filter." : "Add your first client with New Client.",
        }}
      >
        <SelectableListBody
          noun="clients"
          list={list}
          total={{ count: total, onPage: clients.length }}
          table={<ClientsTable clients={clients} work={work} view={{ columns, sort: filters.sort, selection: list }} />}
        >
          <div className="grid gap-4 md:hidden">
            {clients.map((client) => (
              <ClientCard key={client.id} client={client} {...work} />
            ))}
          </div>
        </SelectableListBody>
      </ListRegion>
      <BulkBar target={clientBulkTarget} list={list} work={work} canDelete={canBulkDelete} />
      <Pagination page={page} pageCount={pageCount} total={total} noun="clients" />
    </>
  );
}
