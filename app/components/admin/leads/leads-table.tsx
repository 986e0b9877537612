import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { LEAD_COLUMNS, type LeadColumn, type LeadSort, leadColumnLabels } from "~/lib/schemas/lead-admin";
import type { LeadSummary } from "~/lib/types/leads";
import { cn } from "~/lib/utils";
import { ColumnsMenu } from "../columns-menu";
import { SelectableTable, statusAndNameSorts, type TableSpec, type TableView } from "../data-table";
import { useAdminDates } from "../use-time-zone";
import type { OwnerChoice } from "./lead-owner-select";
import { LeadStatusBadge } from "./lead-status-badge";
import { LeadStatusSelect } from "./lead-status-select";

/** The leads table; each sortable column's header switches between two sorts (first click, then the other direction). */
const leadTable: TableSpec<LeadColumn, LeadSort> = {
  noun: "leads",
  path: "/admin/leads",
  labels: leadColumnLabels,
  sorts: {
    ...statusAndNameSorts,
    followUp: { first: "follow_up", second: null },
    age: { first: "newest", second: "oldest", firstIsDescending: true },
    enquiries: { first: "enquiries", second: null, firstIsDescending: true },
    lastEnquiry: { first: "last_enquiry", second: null, firstIsDescending: true },
  },
  // A name and an e-mail are what a person finds a row by: they keep a readable share of the width.
  widths: {
    status: "w-32",
    name: "w-[18%]",
    email: "w-[18%]",
    followUp: "w-36",
    age: "w-16",
    enquiries: "w-24",
    lastEnquiry: "w-36",
  },
};

/** A cell's full text, for the tooltip of a cell cut short. */
function fullText(lead: LeadSummary, column: LeadColumn, ownerEmail: Map<string, string>) {
  if (column === "name") return lead.name;
  if (column === "email") return lead.email;
  if (column === "company") return lead.company ?? undefined;
  if (column === "source") return lead.source || "Website";
  if (column === "campaign") return lead.utmCampaign ?? undefined;
  if (column === "owner" && lead.ownerId) return ownerEmail.get(lead.ownerId);
  return undefined;
}

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
  view,
  owners,
  now,
  todayStart,
}: {
  leads: LeadSummary[];
  view: TableView<LeadColumn, LeadSort>;
  owners: OwnerChoice[];
  now: number;
  todayStart: string;
}) {
  const navigate = useNavigate();
  const dates = useAdminDates();
  const ownerEmail = new Map(owners.map((owner) => [owner.id, owner.email]));
  // A click on the row, away from its controls, opens the lead.
  const rowProps = (lead: LeadSummary) => ({
    "data-testid": "lead-row",
    className: "cursor-pointer",
    onClick: (event: MouseEvent<HTMLTableRowElement>) => {
      if ((event.target as HTMLElement).closest("a, button, input, select, label")) return;
      navigate(`/admin/leads/${lead.id}`);
    },
  });
  return (
    <SelectableTable spec={leadTable} rows={leads} view={view} rowProps={rowProps}>
      {(lead, focusRow) => {
        const overdue = lead.nextFollowUpAt !== null && lead.nextFollowUpAt < todayStart;
        return view.columns.map((column) => (
          <td key={column} className="truncate px-3 py-1" title={fullText(lead, column, ownerEmail)}>
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
                onFocus={focusRow}
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
            {column === "enquiries" ? lead.enquiries : null}
            {column === "lastEnquiry" ? (
              <time dateTime={lead.lastEnquiryAt}>{dates.dateTime(lead.lastEnquiryAt)}</time>
            ) : null}
            {column === "age" ? (
              <time dateTime={lead.createdAt} title={dates.dateTime(lead.createdAt)}>
                {ageText(lead.createdAt, now)}
              </time>
            ) : null}
          </td>
        ));
      }}
    </SelectableTable>
  );
}

/** The leads table's columns menu; the name column always stays. */
export function LeadColumnsMenu({ columns }: { columns: LeadColumn[] }) {
  return <ColumnsMenu spec={leadTable} columns={columns} all={LEAD_COLUMNS} required="name" />;
}
