import { ArrowDownIcon, ArrowUpIcon, Columns3Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { LEAD_COLUMNS, type LeadColumn, type LeadSort, leadColumnLabels } from "~/lib/schemas/lead-admin";
import { cn } from "~/lib/utils";
import type { LeadSummary } from "~/server/leads/lead-list.server";
import { useAdminDates } from "../use-time-zone";
import type { OwnerChoice } from "./lead-owner-select";
import { LeadStatusBadge } from "./lead-status-badge";
import { LeadStatusSelect } from "./lead-status-select";

/** Which sort each sortable column's header switches between (first click, then the other direction). */
const columnSorts: Partial<Record<LeadColumn, [LeadSort, LeadSort | null]>> = {
  status: ["status", null],
  name: ["name", "name_desc"],
  followUp: ["follow_up", null],
  age: ["newest", "oldest"],
};

export function ageText(createdAt: string, nowMs: number) {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  return days < 60 ? `${days}d` : `${Math.floor(days / 30)}mo`;
}

function isTyping(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA", "BUTTON"].includes(target.tagName);
}

/**
 * The dense leads table: a row per lead, sortable headers, columns each person shows or hides, and
 * the keyboard: arrow keys or j/k move, Enter opens, x selects.
 */
export function LeadsTable({
  leads,
  columns,
  sort,
  selected,
  onToggle,
  onToggleAll,
  owners,
  now,
  todayStart,
}: {
  leads: LeadSummary[];
  columns: LeadColumn[];
  sort: LeadSort;
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: (select: boolean) => void;
  owners: OwnerChoice[];
  now: number;
  todayStart: string;
}) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const dates = useAdminDates();
  const [active, setActive] = useState(-1);
  const body = useRef<HTMLTableSectionElement>(null);
  const ownerEmail = new Map(owners.map((owner) => [owner.id, owner.email]));
  const allSelected = leads.length > 0 && leads.every((lead) => selected.has(lead.id));
  const someSelected = !allSelected && leads.some((lead) => selected.has(lead.id));

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (document.querySelector("[role=dialog], [role=menu]")) return;
      const inRow = event.target instanceof HTMLElement && body.current?.contains(event.target);
      // Typing in the filters must not move the cursor; inside the table the row's own controls are fine.
      if (isTyping(event.target) && !inRow) return;
      const move = (to: number) => {
        event.preventDefault();
        const next = Math.max(0, Math.min(leads.length - 1, to));
        setActive(next);
        body.current?.querySelectorAll<HTMLAnchorElement>("a[data-row-link]")[next]?.focus();
      };
      if (event.key === "ArrowDown" || event.key === "j") move(active + 1);
      else if (event.key === "ArrowUp" || event.key === "k") move(active < 0 ? 0 : active - 1);
      else if (event.key === "x" && active >= 0 && leads[active]) {
        event.preventDefault();
        onToggle(leads[active].id);
      } else if (event.key === "Enter" && active >= 0 && leads[active] && !inRow) {
        event.preventDefault();
        navigate(`/admin/leads/${leads[active].id}`);
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [active, leads, navigate, onToggle]);

  const sortHref = (column: LeadColumn) => {
    const [first, second] = columnSorts[column] ?? [];
    if (!first) return null;
    const params = new URLSearchParams(search);
    const next = sort === first && second ? second : first;
    if (next === "newest") params.delete("sort");
    else params.set("sort", next);
    params.delete("page");
    const query = params.toString();
    return `/admin/leads${query ? `?${query}` : ""}`;
  };
  const sortState = (column: LeadColumn): "ascending" | "descending" | undefined => {
    const [first, second] = columnSorts[column] ?? [];
    if (sort === first) return column === "age" ? "descending" : "ascending";
    if (sort === second) return column === "age" ? "ascending" : "descending";
    return undefined;
  };

  return (
    <div className="overflow-x-auto rounded-lg border bg-background">
      <table className="w-full text-sm" aria-label="Leads" aria-describedby="leads-keyboard-hint">
        <thead className="border-b bg-muted/50 text-left text-muted-foreground text-xs">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <input
                type="checkbox"
                className="size-4 accent-primary align-middle"
                aria-label="Select all leads on this page"
                checked={allSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                onChange={(event) => onToggleAll(event.currentTarget.checked)}
              />
            </th>
            {columns.map((column) => {
              const href = sortHref(column);
              const state = sortState(column);
              return (
                <th key={column} scope="col" aria-sort={state} className="whitespace-nowrap px-3 py-2 font-medium">
                  {href ? (
                    <Link to={href} className="inline-flex items-center gap-1 hover:text-foreground" preventScrollReset>
                      {leadColumnLabels[column]}
                      {state === "ascending" ? <ArrowUpIcon aria-hidden className="size-3" /> : null}
                      {state === "descending" ? <ArrowDownIcon aria-hidden className="size-3" /> : null}
                    </Link>
                  ) : (
                    leadColumnLabels[column]
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody ref={body}>
          {leads.map((lead, index) => {
            const overdue = lead.nextFollowUpAt !== null && lead.nextFollowUpAt < todayStart;
            return (
              <tr
                key={lead.id}
                data-testid="lead-row"
                data-active={index === active ? "" : undefined}
                aria-selected={selected.has(lead.id)}
                className={cn(
                  "cursor-pointer border-b last:border-0 hover:bg-muted/40",
                  selected.has(lead.id) && "bg-primary/5",
                  index === active && "outline-2 outline-ring -outline-offset-2",
                )}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest("a, button, input, select, label")) return;
                  navigate(`/admin/leads/${lead.id}`);
                }}
              >
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary align-middle"
                    aria-label={`Select ${lead.name}`}
                    checked={selected.has(lead.id)}
                    onChange={() => onToggle(lead.id)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column} className={cn("px-3 py-1.5", column !== "status" && "max-w-56 truncate")}>
                    {column === "status" ? (
                      lead.isSpam ? (
                        <LeadStatusBadge status={lead.status} />
                      ) : (
                        <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
                      )
                    ) : null}
                    {column === "name" ? (
                      <Link
                        to={`/admin/leads/${lead.id}`}
                        data-row-link
                        className="font-medium hover:underline"
                        onFocus={() => setActive(index)}
                      >
                        {lead.name}
                      </Link>
                    ) : null}
                    {column === "email" ? lead.email : null}
                    {column === "company" ? (lead.company ?? "") : null}
                    {column === "source" ? lead.source || "Website" : null}
                    {column === "campaign" ? (lead.utmCampaign ?? "") : null}
                    {column === "owner" ? (
                      lead.ownerId ? (
                        (ownerEmail.get(lead.ownerId) ?? "Former staff")
                      ) : (
                        <span className="text-muted-foreground">Unassigned</span>
                      )
                    ) : null}
                    {column === "followUp" && lead.nextFollowUpAt ? (
                      <time dateTime={lead.nextFollowUpAt} className={cn(overdue && "font-medium text-destructive")}>
                        {dates.dateTime(lead.nextFollowUpAt)}
                        {overdue ? " (overdue)" : ""}
                      </time>
                    ) : null}
                    {column === "age" ? (
                      <time dateTime={lead.createdAt} title={dates.dateTime(lead.createdAt)}>
                        {ageText(lead.createdAt, now)}
                      </time>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Shows or hides the table's columns; the choice is saved for the signed-in person. */
export function ColumnsMenu({ columns }: { columns: LeadColumn[] }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.getAll("columns") as LeadColumn[] | undefined;
  const shown = pending ?? columns;
  const toggle = (column: LeadColumn, show: boolean) => {
    const next = LEAD_COLUMNS.filter((each) => (each === column ? show : shown.includes(each)));
    // The name is what opens a lead from the keyboard: it always stays.
    if (!next.includes("name")) return;
    const form = new FormData();
    form.set("intent", "set-columns");
    for (const each of next) form.append("columns", each);
    fetcher.submit(form, { method: "post", action: "/admin/leads" });
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon /> Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {LEAD_COLUMNS.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={shown.includes(column)}
            disabled={column === "name"}
            onSelect={(event) => event.preventDefault()}
            onCheckedChange={(checked) => toggle(column, checked === true)}
          >
            {leadColumnLabels[column]}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
