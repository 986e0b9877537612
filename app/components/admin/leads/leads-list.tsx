import { Link } from "react-router";
import { BulkBar } from "~/components/admin/bulk-bar";
import { BulkMergeAction, BulkSpamAction, leadBulkTarget } from "~/components/admin/leads/bulk-actions";
import { LeadCard } from "~/components/admin/leads/lead-card";
import { activeFilterCount } from "~/components/admin/leads/lead-filter-bar";
import { LeadsTable } from "~/components/admin/leads/leads-table";
import { SelectableListBody } from "~/components/admin/list-state";
import { Pagination } from "~/components/admin/pagination";
import { useListSelection } from "~/components/admin/use-list-selection";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Spinner } from "~/components/ui/spinner";
import { type LeadFilters, leadFilterParams } from "~/lib/schemas/lead-admin";
import { cn } from "~/lib/utils";
import type { LeadsScreen } from "~/routes/admin/leads.server";

/** The leads found (a table, cards on small screens) with selection, bulk actions and paging. */
export function LeadsList({ screen, loading }: { screen: LeadsScreen; loading: boolean }) {
  const { filters, page, owners, me, columns, canDelete } = screen;
  const spamView = filters.view === "spam";
  const exportParams = leadFilterParams({ ...filters, page: 1 }).toString();
  const pageIds = page?.leads.map((lead) => lead.id) ?? [];
  const list = useListSelection(pageIds, {
    filter: exportParams,
    countUrl: `/admin/leads/count${exportParams ? `?${exportParams}` : ""}`,
  });
  const ticked = new Set(list.selection?.scope === "selected" ? list.selection.ids : []);
  return (
    <section aria-label={spamView ? "Spam queue" : "Lead list"} aria-busy={loading} className="relative space-y-3">
      {loading ? (
        <div className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
          <Spinner aria-hidden /> Loading leads...
        </div>
      ) : null}
      {page === null ? (
        <Alert variant="destructive">
          <AlertTitle>Failed to fetch leads</AlertTitle>
          <AlertDescription>
            The leads could not be loaded. <Link to=".">Try again</Link>.
          </AlertDescription>
        </Alert>
      ) : page.leads.length === 0 ? (
        <EmptyState spamView={spamView} filtered={hasFilters(filters)} />
      ) : (
        <div className={cn("space-y-3 transition-opacity", loading && "opacity-60")}>
          <SelectableListBody
            noun="leads"
            list={list}
            total={{ count: page.total, onPage: page.leads.length, isLowerBound: page.totalIsLowerBound }}
            summary={<p data-testid="leads-summary">{summaryText(page)}</p>}
            table={
              <LeadsTable
                leads={page.leads}
                view={{ columns, sort: filters.sort, selection: list }}
                owners={owners}
                now={screen.now}
                todayStart={screen.todayStart}
              />
            }
          >
            <ul className="space-y-3 md:hidden">
              {page.leads.map((lead) => (
                <li key={lead.id}>
                  <LeadCard
                    lead={lead}
                    work={{ owners, me, canDelete }}
                    selection={{ checked: list.shown.has(lead.id), toggle: () => list.toggle(lead.id) }}
                  />
                </li>
              ))}
            </ul>
          </SelectableListBody>
          <BulkBar target={leadBulkTarget} list={list} work={{ owners, me }} canDelete={canDelete}>
            {(run, { busy, what }) => (
              <>
                <BulkSpamAction spamView={spamView} run={run} busy={busy} what={what} />
                {spamView || list.selection?.scope !== "selected" ? null : (
                  <BulkMergeAction
                    leads={page.leads.filter((lead) => ticked.has(lead.id))}
                    owners={owners}
                    busy={busy}
                    onDone={list.clear}
                  />
                )}
              </>
            )}
          </BulkBar>
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            total={page.total}
            totalIsLowerBound={page.totalIsLowerBound}
            noun="leads"
          />
        </div>
      )}
    </section>
  );
}

function hasFilters(filters: LeadFilters) {
  return activeFilterCount(filters) > 0;
}

function summaryText(page: { total: number; totalIsLowerBound: boolean; page: number; pageSize: number }) {
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + Math.min(page.pageSize, page.total - first + 1) - 1;
  const total = `${page.totalIsLowerBound ? "more than " : ""}${page.total.toLocaleString("en-US")}`;
  return `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total}`;
}

function EmptyState({ spamView, filtered }: { spamView: boolean; filtered: boolean }) {
  return (
    <div className="rounded-lg border border-dashed p-10 text-center">
      <p className="font-medium">No leads found</p>
      <p className="text-muted-foreground text-sm">
        {filtered
          ? "Try adjusting your search or filters."
          : spamView
            ? "Nothing is waiting in the spam queue."
            : "Leads appear here as soon as visitors send a form on the site."}
      </p>
    </div>
  );
}
