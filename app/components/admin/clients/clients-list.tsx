import { BulkBar } from "~/components/admin/bulk-bar";
import type { OwnerChoice } from "~/components/admin/leads/lead-owner-select";
import { EmptyState, ListRegion } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/pagination";
import { useListSelection } from "~/components/admin/use-list-selection";
import { Button } from "~/components/ui/button";
import type { ClientColumn, ClientSort } from "~/lib/schemas/clients";
import type { Client } from "~/server/clients/clients.server";
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
  return (
    <>
      <ListRegion label="Clients">
        {clients.length === 0 ? (
          <EmptyState
            title="No clients found matching your criteria"
            hint={filtering ? "Try adjusting your search or status filter." : "Add your first client with New Client."}
          />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
              {list.offerAllMatching && total > clients.length ? (
                <Button variant="link" size="sm" className="h-auto p-0" onClick={list.selectAllMatching}>
                  Select all {total.toLocaleString("en-US")} clients matching the filter
                </Button>
              ) : null}
              <p id="clients-keyboard-hint" className="hidden md:block">
                Keys: ↑/↓ or j/k move, Enter opens, x selects.
              </p>
            </div>
            <div className="hidden md:block">
              <ClientsTable
                clients={clients}
                owners={owners}
                me={me}
                columns={columns}
                sort={filters.sort}
                selected={list.shown}
                onToggle={list.toggle}
                onToggleAll={list.toggleAll}
              />
            </div>
            <div className="grid gap-4 md:hidden">
              {clients.map((client) => (
                <ClientCard key={client.id} client={client} owners={owners} me={me} />
              ))}
            </div>
          </>
        )}
      </ListRegion>
      <BulkBar target={clientBulkTarget} list={list} work={{ owners, me }} canDelete={canBulkDelete} />
      <Pagination page={page} pageCount={pageCount} total={total} noun="clients" />
    </>
  );
}
