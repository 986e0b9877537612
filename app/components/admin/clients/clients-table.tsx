import { useCallback, useRef } from "react";
import { Link } from "react-router";
import {
  type ColumnSort,
  ColumnsMenu,
  SelectableHeaderRow,
  SelectRowCheckbox,
  useRowKeyboard,
} from "~/components/admin/data-table";
import { DateText } from "~/components/admin/date-text";
import type { OwnerChoice } from "~/components/admin/leads/lead-owner-select";
import { Badge } from "~/components/ui/badge";
import { CLIENT_COLUMNS, type ClientColumn, type ClientSort, clientColumnLabels } from "~/lib/schemas/clients";
import { cn } from "~/lib/utils";
import type { Client } from "~/server/clients/clients.server";
import { ClientDialog } from "./client-dialog";
import { ClientOwnerSelect, ClientStatusSelect } from "./client-selects";
import { statusLabels, statusVariants } from "./client-status";

const clientColumnSorts: Partial<Record<ClientColumn, ColumnSort<ClientSort>>> = {
  status: { first: "status", second: null },
  name: { first: "name", second: "name_desc" },
  added: { first: "newest", second: "oldest", firstIsDescending: true },
};

/**
 * The clients as a dense table on wide screens: a row each, the columns the person chose, sortable
 * headers, selection, and the keyboard (arrow keys or j/k move, Enter opens the client, x selects).
 */
export function ClientsTable({
  clients,
  owners,
  me,
  columns,
  sort,
  selected,
  onToggle,
  onToggleAll,
}: {
  clients: Client[];
  owners: OwnerChoice[];
  me: string;
  columns: ClientColumn[];
  sort: ClientSort;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const openRow = useCallback((index: number) => {
    body.current?.querySelectorAll<HTMLButtonElement>("button[data-row-link]")[index]?.click();
  }, []);
  const [active, setActive] = useRowKeyboard({
    body,
    rowCount: clients.length,
    onOpen: openRow,
    onToggle: useCallback((index: number) => clients[index] && onToggle(clients[index].id), [clients, onToggle]),
  });
  return (
    <div className="overflow-x-auto rounded-lg border bg-background">
      <table className="w-full text-sm" aria-label="Clients" aria-describedby="clients-keyboard-hint">
        <SelectableHeaderRow
          noun="clients"
          rowIds={clients.map((client) => client.id)}
          selected={selected}
          onToggleAll={onToggleAll}
          columns={columns}
          labels={clientColumnLabels}
          sorts={clientColumnSorts}
          sort={sort}
          path="/admin/clients"
        >
          <th scope="col" className="px-3 py-2">
            <span className="sr-only">Actions</span>
          </th>
        </SelectableHeaderRow>
        <tbody ref={body}>
          {clients.map((client, index) => (
            <tr
              key={client.id}
              className={cn(
                "border-b last:border-0 hover:bg-muted/40",
                selected.has(client.id) && "bg-primary/5",
                index === active && "outline-2 outline-ring -outline-offset-2",
              )}
              aria-selected={selected.has(client.id)}
              data-active={index === active ? "" : undefined}
              data-testid={`client-${client.email ?? client.name}`}
            >
              <SelectRowCheckbox
                name={client.name}
                checked={selected.has(client.id)}
                onChange={() => onToggle(client.id)}
              />
              {columns.map((column) => (
                <ClientCell
                  key={column}
                  column={column}
                  client={client}
                  owners={owners}
                  me={me}
                  onFocusName={() => setActive(index)}
                />
              ))}
              <td className="px-3 py-2">
                <div className="flex items-center gap-2">
                  {columns.includes("status") ? null : <ClientStatusSelect client={client} />}
                  <ClientDialog mode="edit" client={client} prefill={client} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
        <td className="px-3 py-2">
          <div className="flex items-center gap-2">
            <Badge variant={statusVariants[client.status]}>{statusLabels[client.status]}</Badge>
            <ClientStatusSelect client={client} />
          </div>
        </td>
      );
    case "name":
      return (
        <th scope="row" className="px-3 py-2 text-left font-medium">
          {/* Opens the client, as Enter does: the row's Edit dialog. */}
          <button
            type="button"
            data-row-link
            className="text-left font-medium hover:underline"
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
        <td className="px-3 py-2">
          <ClientOwnerSelect client={client} owners={owners} me={me} />
        </td>
      );
    case "added":
      return (
        <td className="whitespace-nowrap px-3 py-2">
          <DateText iso={client.createdAt} />
        </td>
      );
    case "address":
      return <td className="max-w-48 whitespace-pre-line px-3 py-2">{client.address}</td>;
    default:
      return <td className="px-3 py-2">{client[column]}</td>;
  }
}

/** The clients table's columns menu; the name column always stays. */
export function ClientColumnsMenu({ columns }: { columns: ClientColumn[] }) {
  return (
    <ColumnsMenu
      columns={columns}
      all={CLIENT_COLUMNS}
      labels={clientColumnLabels}
      required="name"
      action="/admin/clients"
    />
  );
}
