import { BuildingIcon, LinkIcon, MailIcon, MapPinIcon, PencilIcon, PhoneIcon, PlusIcon } from "lucide-react";
import type * as React from "react";
import { useCallback, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { AutoSaveSelect } from "~/components/admin/auto-save-select";
import { BulkAssign, BulkBar, BulkChoice, type BulkSelection } from "~/components/admin/bulk-bar";
import {
  type ColumnSort,
  ColumnsMenu,
  SelectableHeaderRow,
  SelectRowCheckbox,
  useRowKeyboard,
} from "~/components/admin/data-table";
import { DateText } from "~/components/admin/date-text";
import { Field } from "~/components/admin/field";
import { type OwnerChoice, OwnerSelect } from "~/components/admin/leads/lead-owner-select";
import { EmptyState, ListRegion } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/pagination";
import { ReturnTo, useReturnTo } from "~/components/admin/return-to";
import { useDialogFetcher } from "~/components/admin/use-dialog-fetcher";
import { useListSelection } from "~/components/admin/use-list-selection";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { canUseIntent } from "~/lib/roles";
import {
  CLIENT_COLUMNS,
  CLIENT_STATUSES,
  type ClientColumn,
  type ClientSort,
  type ClientStatus,
  clientColumnLabels,
  clientFiltersSchema,
  clientOwnerSchema,
  clientSchema,
  clientStatusSchema,
} from "~/lib/schemas/clients";
import { cn } from "~/lib/utils";
import { type ActionResult, actionFailure, redirectBackWithSuccess } from "~/server/action-result.server";
import { AppError } from "~/server/app-error.server";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { CLIENT_TABLE_INTENTS, runClientTableAction } from "~/server/clients/client-actions.server";
import {
  type Client,
  createClient,
  leadForConversion,
  listClients,
  setClientStatus,
  updateClient,
} from "~/server/clients/clients.server";

import { getServices } from "~/server/context.server";
import { parseForm, requireFormData } from "~/server/forms.server";
import { listAssignableStaff, setClientOwner } from "~/server/leads/owners.server";
import { intentRefused } from "~/server/leads/workspace-actions.server";
import { redirectWithToast } from "~/server/toast.server";
import { getPreferences } from "~/server/workspace/preferences.server";
import type { Route } from "./+types/clients";

export function meta() {
  return [{ title: "Clients | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  const url = new URL(request.url);
  const filters = clientFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const convertId = url.searchParams.get("convert")?.slice(0, 64) || null;
  const [list, lead, owners, preferences] = await Promise.all([
    listClients(db, filters, undefined, staff.id),
    convertId ? leadForConversion(db, convertId) : Promise.resolve(null),
    listAssignableStaff(db),
    getPreferences(db, staff.id),
  ]);
  const saved = preferences.tableColumns.clients?.filter((column): column is ClientColumn =>
    (CLIENT_COLUMNS as readonly string[]).includes(column),
  );
  return {
    ...list,
    owners: owners.map(({ id, email }) => ({ id, email })),
    me: staff.id,
    columns: saved?.length ? saved : [...CLIENT_COLUMNS],
    // Deleting follows the same role table that guards the action.
    canBulkDelete: canUseIntent(staff.role, "/admin/clients", "bulk-delete"),
    filters: { q: filters.q, status: filters.status ?? "", owner: filters.owner ?? "", sort: filters.sort },
    conversion: convertId ? (lead ? { lead } : { missingLeadId: convertId }) : null,
  };
}

const statusLabels: Record<ClientStatus, string> = { active: "Active", inactive: "Inactive", suspended: "Suspended" };
const statusVariants = { active: "default", inactive: "secondary", suspended: "destructive" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const actor = auditActor(staff);
  const { db } = getServices(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent"));
  if (!canUseIntent(staff.role, new URL(request.url).pathname, intent)) return intentRefused(intent);
  if (CLIENT_TABLE_INTENTS.has(intent)) return runClientTableAction(db, { id: staff.id, actor }, intent, formData);

  if (intent === "set-status") {
    const parsed = parseForm(formData, clientStatusSchema);
    if (!parsed.ok) return actionFailure(intent, "Failed to update client status");
    try {
      await setClientStatus(db, parsed.data.clientId, parsed.data.status, actor);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return actionFailure(intent, `Failed to update client status. ${error.message}`, { status: 409 });
    }
    return redirectBackWithSuccess(formData, "/admin/clients", "Client status updated successfully");
  }

  if (intent === "assign") {
    const parsed = parseForm(formData, clientOwnerSchema);
    if (!parsed.ok) return actionFailure(intent, "Failed to change the owner");
    try {
      await setClientOwner(db, parsed.data.clientId, parsed.data.ownerId, actor);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return actionFailure(intent, `Failed to change the owner. ${error.message}`, { status: error.status });
    }
    return redirectBackWithSuccess(formData, "/admin/clients", "Owner updated");
  }

  if (intent !== "create" && intent !== "update") return actionFailure(intent, "Unknown action.");
  const parsed = parseForm(formData, clientSchema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
    return actionFailure(intent, message, { fieldErrors: parsed.fieldErrors, values: parsed.values });
  }
  const values = Object.fromEntries([...formData].map(([key, value]) => [key, String(value)]));
  try {
    if (intent === "update") {
      if (!parsed.data.clientId) return actionFailure(intent, "Which client? Reload the page and try again.");
      await updateClient(db, parsed.data.clientId, parsed.data, actor);
      return redirectBackWithSuccess(formData, "/admin/clients", "Client updated successfully");
    }
    await createClient(db, parsed.data, actor);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return actionFailure(intent, error.message, { values, status: 409 });
  }
  return redirectWithToast("/admin/clients", {
    type: "success",
    title: "Success",
    description: parsed.data.leadId ? "Lead converted to client successfully" : "Client created successfully",
  });
}

type Prefill = Partial<Record<"name" | "email" | "phone" | "company" | "address" | "status", string | null>>;

export default function Clients({ loaderData }: Route.ComponentProps) {
  const { clients, total, page, pageCount, filters, conversion, owners, me, columns, canBulkDelete } = loaderData;
  const filterParams = clientFilterParams(filters);
  const list = useListSelection(
    clients.map((client) => client.id),
    { filter: filterParams, knownCount: total },
  );
  const filtering = Boolean(filters.q || filters.status || filters.owner);
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
            <ColumnsMenu
              columns={columns}
              all={CLIENT_COLUMNS}
              labels={clientColumnLabels}
              required="name"
              action="/admin/clients"
            />
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
      {list.selection ? (
        <ClientBulkActions
          selection={list.selection}
          owners={owners}
          me={me}
          canDelete={canBulkDelete}
          onDone={list.clear}
        />
      ) : null}
      <Pagination page={page} pageCount={pageCount} total={total} noun="clients" />
    </div>
  );
}

function ConversionNotice({ conversion }: { conversion: Route.ComponentProps["loaderData"]["conversion"] }) {
  if (!conversion) return null;
  if ("missingLeadId" in conversion) {
    return (
      <Alert variant="destructive">
        <AlertTitle>That lead no longer exists</AlertTitle>
        <AlertDescription>It may have been deleted, so it cannot be converted to a client.</AlertDescription>
      </Alert>
    );
  }
  const existing = conversion.lead.existingClient;
  if (existing) {
    return (
      <Alert>
        <AlertTitle>Already a client</AlertTitle>
        <AlertDescription>
          The lead {conversion.lead.name} was already converted to the client {existing.name}.
        </AlertDescription>
      </Alert>
    );
  }
  return (
    <Alert>
      <AlertTitle>Converting a lead</AlertTitle>
      <AlertDescription>
        <p>
          The New Client form is filled in from the lead{" "}
          <Link className="underline underline-offset-4" to={`/admin/leads/${conversion.lead.id}`}>
            {conversion.lead.name}
          </Link>
          . Saving creates the client and marks the lead converted.
        </p>
      </AlertDescription>
    </Alert>
  );
}

function ClientFilters({ q, status, owner, sort }: { q: string; status: string; owner: string; sort: ClientSort }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { search } = useLocation();
  const filtering = Boolean(q || status || owner);
  return (
    <Form ref={formRef} method="get" role="search" className="flex flex-wrap items-end gap-3" key={search}>
      {sort !== "newest" ? <input type="hidden" name="sort" value={sort} /> : null}
      <Field id="client-search" label="Search" className="min-w-56 flex-1">
        {(props) => (
          <Input {...props} type="search" name="q" defaultValue={q} placeholder="Search name, email or company..." />
        )}
      </Field>
      <Field id="client-status-filter" label="Status" className="w-44">
        {(props) => (
          <NativeSelect
            {...props}
            name="status"
            defaultValue={status}
            onChange={() => formRef.current?.requestSubmit()}
          >
            <NativeSelectOption value="">All statuses</NativeSelectOption>
            {CLIENT_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {statusLabels[value]}
              </NativeSelectOption>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="client-owner-filter" label="Owner" className="w-44">
        {(props) => (
          <NativeSelect {...props} name="owner" defaultValue={owner} onChange={() => formRef.current?.requestSubmit()}>
            <NativeSelectOption value="">Anyone</NativeSelectOption>
            <NativeSelectOption value="me">My clients</NativeSelectOption>
            <NativeSelectOption value="none">Unassigned</NativeSelectOption>
          </NativeSelect>
        )}
      </Field>
      <Button type="submit" variant="secondary">
        Search
      </Button>
      {filtering ? (
        <Button asChild variant="ghost">
          <Link to="/admin/clients">Clear filters</Link>
        </Button>
      ) : null}
    </Form>
  );
}

/** The list's filters and sort as a query string (no page): what "every client matching the filter" means. */
function clientFilterParams(filters: { q: string; status: string; owner: string; sort: ClientSort }) {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.status) params.set("status", filters.status);
  if (filters.owner) params.set("owner", filters.owner);
  if (filters.sort !== "newest") params.set("sort", filters.sort);
  return params.toString();
}

const clientColumnSorts: Partial<Record<ClientColumn, ColumnSort<ClientSort>>> = {
  status: { first: "status", second: null },
  name: { first: "name", second: "name_desc" },
  added: { first: "newest", second: "oldest", firstIsDescending: true },
};

/**
 * The clients as a dense table on wide screens: a row each, the columns the person chose, sortable
 * headers, selection, and the keyboard (arrow keys or j/k move, Enter opens the client, x selects).
 */
function ClientsTable({
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

function ClientBulkActions({
  selection,
  owners,
  me,
  canDelete,
  onDone,
}: {
  selection: BulkSelection;
  owners: OwnerChoice[];
  me: string;
  canDelete: boolean;
  onDone: () => void;
}) {
  const [status, setStatus] = useState<ClientStatus>("active");
  return (
    <BulkBar
      selection={selection}
      noun={{ one: "client", many: "clients" }}
      action="/admin/clients"
      exportPath="/admin/clients/export"
      canDelete={canDelete}
      deleteDescription="The clients are deleted in one step; the leads they came from stay. This cannot be undone."
      onDone={onDone}
    >
      {(run, { busy, what }) => (
        <>
          <BulkChoice
            label="New status"
            value={status}
            onChange={(value) => setStatus(value as ClientStatus)}
            width="w-36"
            button="Set status"
            variant="default"
            busy={busy}
            onRun={() => run("bulk-set-status", { status }, `Set ${what} to ${statusLabels[status]}?`, "Change status")}
          >
            {CLIENT_STATUSES.map((value) => (
              <NativeSelectOption key={value} value={value}>
                {statusLabels[value]}
              </NativeSelectOption>
            ))}
          </BulkChoice>
          <BulkAssign run={run} busy={busy} what={what} owners={owners} me={me} />
        </>
      )}
    </BulkBar>
  );
}

function ClientOwnerSelect({ client, owners, me }: { client: Client; owners: OwnerChoice[]; me: string }) {
  const returnTo = useReturnTo(["convert"]);
  return (
    <OwnerSelect
      fields={{ clientId: client.id, returnTo }}
      itemName={client.name}
      ownerId={client.ownerId}
      owners={owners}
      me={me}
    />
  );
}

function ClientStatusSelect({ client }: { client: Client }) {
  const returnTo = useReturnTo(["convert"]);
  return (
    <AutoSaveSelect
      fields={{ intent: "set-status", clientId: client.id, returnTo }}
      name="status"
      value={client.status}
      label={`Status of ${client.name}`}
      savingLabel="Saving status"
      width="w-36"
    >
      {CLIENT_STATUSES.map((value) => (
        <NativeSelectOption key={value} value={value}>
          {statusLabels[value]}
        </NativeSelectOption>
      ))}
    </AutoSaveSelect>
  );
}

function ClientCard({ client, owners, me }: { client: Client; owners: OwnerChoice[]; me: string }) {
  const status = client.status;
  return (
    <Card data-testid={`client-card-${client.email ?? client.name}`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle asChild>
            <h2 className="text-lg">{client.name}</h2>
          </CardTitle>
          <p className="text-muted-foreground text-xs">
            Added <DateText iso={client.createdAt} />
          </p>
        </div>
        <Badge variant={statusVariants[status]}>{statusLabels[status]}</Badge>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-2 text-sm">
          <ClientDetail icon={MailIcon} label="Email">
            {client.email ? (
              <a className="underline-offset-4 hover:underline" href={`mailto:${client.email}`}>
                {client.email}
              </a>
            ) : null}
          </ClientDetail>
          <ClientDetail icon={PhoneIcon} label="Phone">
            {client.phone}
          </ClientDetail>
          <ClientDetail icon={BuildingIcon} label="Company">
            {client.company}
          </ClientDetail>
          <ClientDetail icon={MapPinIcon} label="Address">
            {client.address ? <span className="whitespace-pre-line">{client.address}</span> : null}
          </ClientDetail>
          {client.leadId ? (
            <ClientDetail icon={LinkIcon} label="Lead">
              <Link className="text-primary underline underline-offset-4" to={`/admin/leads/${client.leadId}`}>
                View the lead this client came from
              </Link>
            </ClientDetail>
          ) : null}
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          <ClientStatusSelect client={client} />
          <ClientOwnerSelect client={client} owners={owners} me={me} />
          <ClientDialog mode="edit" client={client} prefill={client} />
        </div>
      </CardContent>
    </Card>
  );
}

function ClientDetail({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof MailIcon;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex items-center gap-2 text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        <span className="sr-only sm:not-sr-only sm:w-20">{label}</span>
      </dt>
      <dd className="min-w-0 break-words">{children ?? <span className="text-muted-foreground">—</span>}</dd>
    </div>
  );
}

function ClientDialog({
  mode,
  client,
  prefill,
  leadId,
  initiallyOpen = false,
}: {
  mode: "create" | "edit";
  client?: Client;
  prefill: Prefill;
  leadId?: string;
  initiallyOpen?: boolean;
}) {
  const { fetcher, open, setOpen, failure, onSubmit, busy } = useDialogFetcher<ActionResult>(initiallyOpen);
  useToastMessage(failure?.toast);
  const errors = failure?.fieldErrors ?? {};
  const idPrefix = client ? `client-${client.id}` : "new-client";
  const value = (name: keyof Prefill) => prefill[name] ?? "";
  const title = mode === "edit" ? "Edit Client" : leadId ? "Convert lead to client" : "New Client";
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {mode === "edit" ? (
          <Button size="sm" variant="outline" aria-label={`Edit ${client?.name}`} data-open-client>
            <PencilIcon aria-hidden /> Edit
          </Button>
        ) : (
          <Button>
            <PlusIcon aria-hidden /> New Client
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {leadId
              ? "Check the details taken from the lead; saving links the client to it and marks the lead converted."
              : "Only the name is required."}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value={mode === "edit" ? "update" : "create"} />
          {client ? <input type="hidden" name="clientId" value={client.id} /> : null}
          <ReturnTo omit={["convert"]} />
          {leadId ? <input type="hidden" name="leadId" value={leadId} /> : null}
          <Field id={`${idPrefix}-name`} label="Name *" error={errors.name}>
            {(props) => <Input {...props} name="name" required maxLength={200} defaultValue={value("name")} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${idPrefix}-email`} label="Email" error={errors.email}>
              {(props) => <Input {...props} name="email" type="email" maxLength={254} defaultValue={value("email")} />}
            </Field>
            <Field id={`${idPrefix}-phone`} label="Phone" error={errors.phone}>
              {(props) => <Input {...props} name="phone" type="tel" maxLength={50} defaultValue={value("phone")} />}
            </Field>
          </div>
          <Field id={`${idPrefix}-company`} label="Company" error={errors.company}>
            {(props) => <Input {...props} name="company" maxLength={200} defaultValue={value("company")} />}
          </Field>
          <Field id={`${idPrefix}-address`} label="Address" error={errors.address}>
            {(props) => <Textarea {...props} name="address" rows={2} maxLength={500} defaultValue={value("address")} />}
          </Field>
          <Field id={`${idPrefix}-status`} label="Status" error={errors.status}>
            {(props) => (
              <NativeSelect {...props} name="status" defaultValue={value("status") || "active"}>
                {CLIENT_STATUSES.map((status) => (
                  <NativeSelectOption key={status} value={status}>
                    {statusLabels[status]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : mode === "edit" ? "Save changes" : leadId ? "Create client" : "Create Client"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
