import { useCallback, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { LEAD_COLUMNS, type LeadColumn, type LeadSort, leadColumnLabels } from "~/lib/schemas/lead-admin";
import { cn } from "~/lib/utils";
import type { LeadSummary } from "~/server/leads/lead-list.server";
import { type ColumnSort, ColumnsMenu, SelectableHeaderRow, SelectRowCheckbox, useRowKeyboard } from "../data-table";
import { useAdminDates } from "../use-time-zone";
import type { OwnerChoice } from "./lead-owner-select";
import { LeadStatusBadge } from "./lead-status-badge";
import { LeadStatusSelect } from "./lead-status-select";

/** Which sort each sortable column's header switches between (first click, then the other direction). */
const columnSorts: Partial<Record<LeadColumn, ColumnSort<LeadSort>>> = {
  status: { first: "status", second: null },
  name: { first: "name", second: "name_desc" },
  followUp: { first: "follow_up", second: null },
  age: { first: "newest", second: "oldest", firstIsDescending: true },
};

export function ageText(createdAt: string, nowMs: number) {
  const minutes = Math.max(0, Math.floor((nowMs - Date.parse(createdAt)) / 60_000));
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  return days < 60 ? `${days}d` : `${Math.floor(days / 30)}mo`;
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
  const dates = useAdminDates();
  const body = useRef<HTMLTableSectionElement>(null);
  const ownerEmail = new Map(owners.map((owner) => [owner.id, owner.email]));
  const [active, setActive] = useRowKeyboard({
    body,
    rowCount: leads.length,
    onOpen: useCallback((index: number) => navigate(`/admin/leads/${leads[index]?.id}`), [leads, navigate]),
    onToggle: useCallback((index: number) => leads[index] && onToggle(leads[index].id), [leads, onToggle]),
  });

  return (
    <div className="overflow-x-auto rounded-lg border bg-background">
      <table className="w-full text-sm" aria-label="Leads" aria-describedby="leads-keyboard-hint">
        <SelectableHeaderRow
          noun="leads"
          rowIds={leads.map((lead) => lead.id)}
          selected={selected}
          onToggleAll={onToggleAll}
          columns={columns}
          labels={leadColumnLabels}
          sorts={columnSorts}
          sort={sort}
          path="/admin/leads"
        />
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
                <SelectRowCheckbox
                  name={lead.name}
                  checked={selected.has(lead.id)}
                  onChange={() => onToggle(lead.id)}
                />
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

/** The leads table's columns menu; the name column always stays. */
export function LeadColumnsMenu({ columns }: { columns: LeadColumn[] }) {
  return (
    <ColumnsMenu columns={columns} all={LEAD_COLUMNS} labels={leadColumnLabels} required="name" action="/admin/leads" />
  );
}
