import { Link } from "react-router";
import { ColumnsMenu } from "~/components/admin/columns-menu";
import { SelectableTable, statusAndNameSorts, type TableSpec, type TableView } from "~/components/admin/data-table";
import { DateText } from "~/components/admin/date-text";
import type { OwnerChoice } from "~/components/admin/leads/lead-owner-select";
import { CLIENT_COLUMNS, type ClientColumn, type ClientSort, clientColumnLabels } from "~/lib/schemas/clients";
import type { Client } from "~/lib/types/clients";
import { cn } from "~/lib/utils";
import { ClientDialog } from "./client-dialog";
import { ClientOwnerSelect, ClientStatusSelect } from "./client-selects";

const clientTable: TableSpec<ClientColumn, ClientSort> = {
  noun: "clients",
  path: "/admin/clients",
  labels: clientColumnLabels,
  sorts: { ...statusAndNameSorts, added: { first: "newest", second: "oldest", firstIsDescending: true } },
  widths: { status: "w-28", owner: "w-36", added: "w-28" },
};

const clientRowProps = (client: Client) => ({ "data-testid": `client-${client.email ?? client.name}` });

/**
 * The clients as a dense table on wide screens: a row each, the columns the person chose, sortable
 * headers, selection, and the keyboard (arrow keys or j/k move, Enter opens the client, x selects).
 */
export function ClientsTable({
  clients,
  work,
  view,
}: {
  clients: Client[];
  work: { owners: OwnerChoice[]; me: string };
  view: TableView<ClientColumn, ClientSort>;
}) {
  return (
    <SelectableTable spec={clientTable} rows={clients} view={view} actions rowProps={clientRowProps}>
      {(client, focusRow) => (
        <>
          {view.columns.map((column) => (
            <ClientCell key={column} column={column} client={client} {...work} onFocusName={focusRow} />
          ))}
          <td className="px-3 py-1">
            <div className="flex items-center gap-2">
              {view.columns.includes("status") ? null : <ClientStatusSelect client={client} />}
              <ClientDialog mode="edit" client={client} prefill={client} />
            </div>
          </td>
        </>
      )}
    </SelectableTable>
  );
}

function ClientCell({
  column,
  client,
  owners,
  me,
  onFocusName,
}: {
  column: ClientColumn;
  client: Client;
  owners: OwnerChoice[];
  me: string;
  onFocusName: () => void;
}) {
  switch (column) {
    case "status":
      return (
        <td className="px-3 py-1">
          <ClientStatusSelect client={client} />
        </td>
      );
    case "name":
      return (
        <th scope="row" className="truncate px-3 py-1 text-left font-medium" title={client.name}>
          {/* Opens the client, as Enter does: the row's Edit dialog. */}
          <button
            type="button"
            data-row-link
            className={cn(
              "truncate text-left align-bottom font-medium hover:underline",
              client.leadId ? "max-w-[calc(100%-3rem)]" : "max-w-full",
            )}
            onFocus={onFocusName}
            onClick={(event) =>
              event.currentTarget.closest("tr")?.querySelector<HTMLButtonElement>("button[data-open-client]")?.click()
            }
          >
            {client.name}
          </button>
          {client.leadId ? (
            <Link className="ml-2 text-primary text-xs underline" to={`/admin/leads/${client.leadId}`}>
              Lead<span className="sr-only">: view the lead this client came from</span>
            </Link>
          ) : null}
        </th>
      );
    case "owner":
      return (
        <td className="px-3 py-1">
          <ClientOwnerSelect client={client} owners={owners} me={me} />
        </td>
      );
    case "added":
      return (
        <td className="truncate px-3 py-1">
          <DateText iso={client.createdAt} />
        </td>
      );
    case "address":
      return (
        <td className="truncate px-3 py-1" title={client.address ?? undefined}>
          {client.address?.replace(/\s*\n\s*/g, ", ")}
        </td>
      );
    default:
      return (
        <td className="truncate px-3 py-1" title={client[column] ?? undefined}>
          {client[column]}
        </td>
      );
  }
}

/** The clients table's columns menu; the name column always stays. */
export function ClientColumnsMenu({ columns }: { columns: ClientColumn[] }) {
  return <ColumnsMenu spec={clientTable} columns={columns} all={CLIENT_COLUMNS} required="name" />;
}
