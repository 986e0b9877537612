import { ChevronRightIcon, DownloadIcon, ShieldAlertIcon, ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DateText } from "~/components/admin/date-text";
import { BulkActions } from "~/components/admin/leads/bulk-actions";
import { LeadEditDialog } from "~/components/admin/leads/lead-edit-dialog";
import { activeFilterCount, LeadFilterBar } from "~/components/admin/leads/lead-filter-bar";
import { OwnerSelect } from "~/components/admin/leads/lead-owner-select";
import { LeadStatusBadge } from "~/components/admin/leads/lead-status-badge";
import { LeadStatusSelect } from "~/components/admin/leads/lead-status-select";
import { LeadColumnsMenu, LeadsTable } from "~/components/admin/leads/leads-table";
import { SavedViews } from "~/components/admin/leads/saved-views";
import { useRememberListSearch } from "~/components/admin/list-return";
import { useListSelection } from "~/components/admin/use-list-selection";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { canAccess, canUseIntent } from "~/lib/roles";
import {
  LEAD_COLUMNS,
  type LeadColumn,
  type LeadFilters,
  leadFilterParams,
  parseLeadFilters,
} from "~/lib/schemas/lead-admin";
import { toastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { requireStaff } from "~/server/auth/session.server";
import { getRequestInfo, getServices } from "~/server/context.server";
import {
  countSpamLeads,
  filterContext,
  type LeadSummary,
  listLeadSources,
  listLeads,
} from "~/server/leads/lead-list.server";
import { listAssignableStaff } from "~/server/leads/owners.server";
import { runLeadsScreenAction } from "~/server/leads/workspace-actions.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import { getPreferences } from "~/server/workspace/preferences.server";
import { listSavedViews } from "~/server/workspace/saved-views.server";
import type { Route } from "./+types/leads";

export function meta() {
  return [{ title: "Leads | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const { db } = getServices(context);
  // The GDPR tools' link and the bulk delete follow the same role table that guards them.
  const canUseGdpr = canAccess(staff.role, "/admin/leads/gdpr");
  const canBulkDelete = canUseIntent(staff.role, "/admin/leads", "bulk-delete");
  const nowMs = Date.now();
  try {
    const timeZone = await getAgencyTimeZone(db);
    const scope = filterContext(staff.id, timeZone, nowMs);
    const [page, sources, spamCount, owners, views, preferences] = await Promise.all([
      listLeads(db, filters, {}, scope),
      listLeadSources(db),
      countSpamLeads(db),
      listAssignableStaff(db),
      listSavedViews(db, staff.id, "leads"),
      getPreferences(db, staff.id),
    ]);
    const saved = preferences.tableColumns.leads?.filter((column): column is LeadColumn =>
      (LEAD_COLUMNS as readonly string[]).includes(column),
    );
    return {
      filters,
      page,
      sources,
      spamCount,
      canUseGdpr,
      canBulkDelete,
      owners: owners.map(({ id, email }) => ({ id, email })),
      views,
      columns: saved?.length ? saved : [...LEAD_COLUMNS],
      me: staff.id,
      now: nowMs,
      todayStart: scope.today.start,
      toast: null,
    };
  } catch (error) {
    getRequestInfo(context).logger.error({ err: error }, "leads list failed");
    return {
      filters,
      page: null,
      sources: [],
      spamCount: 0,
      canUseGdpr,
      canBulkDelete,
      owners: [],
      views: [],
      columns: [...LEAD_COLUMNS],
      me: staff.id,
      now: nowMs,
      todayStart: new Date(nowMs).toISOString(),
      toast: toastMessage("error", "Error", "Failed to fetch leads"),
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return runLeadsScreenAction(request, context);
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, sources, spamCount, canUseGdpr, canBulkDelete, owners, views, columns, me } = loaderData;
  useToastMessage(loaderData.toast);
  useToastMessage(actionData?.toast);
  useRememberListSearch();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const spamView = filters.view === "spam";
  const exportParams = leadFilterParams({ ...filters, page: 1 }).toString();
  const pageIds = page?.leads.map((lead) => lead.id) ?? [];
  const list = useListSelection(pageIds, {
    filter: exportParams,
    countUrl: `/admin/leads/count${exportParams ? `?${exportParams}` : ""}`,
  });
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="font-bold text-2xl">Leads</h1>
          <p className="sr-only">Everyone who reached out through the site.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canUseGdpr ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/leads/gdpr">
                <ShieldCheckIcon /> GDPR tools
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a href={`/admin/leads/export${exportParams ? `?${exportParams}` : ""}`} download>
              <DownloadIcon /> Export CSV
            </a>
          </Button>
          <span className="hidden md:inline-flex">
            <LeadColumnsMenu columns={columns} />
          </span>
        </div>
      </div>

      <nav aria-label="Lead queues" className="flex gap-2 border-b">
        <QueueLink to="/admin/leads" active={!spamView}>
          Leads
        </QueueLink>
        <QueueLink to="/admin/leads?view=spam" active={spamView}>
          <ShieldAlertIcon className="size-4" aria-hidden /> Spam
          <Badge variant={spamCount ? "destructive" : "secondary"}>{spamCount.toLocaleString("en-US")}</Badge>
        </QueueLink>
      </nav>

      <SavedViews views={views} />
      <LeadFilterBar filters={filters} sources={sources} owners={owners} me={me} />

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
            <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-sm">
              <p data-testid="leads-summary">{summaryText(page)}</p>
              {list.offerAllMatching && page.total > page.leads.length ? (
                <Button variant="link" size="sm" className="h-auto p-0" onClick={list.selectAllMatching}>
                  Select all {page.totalIsLowerBound ? "" : `${page.total.toLocaleString("en-US")} `}leads matching the
                  filter
                </Button>
              ) : null}
              <p id="leads-keyboard-hint" className="hidden md:block">
                Keys: ↑/↓ or j/k move, Enter opens, x selects.
              </p>
            </div>
            <div className="hidden md:block">
              <LeadsTable
                leads={page.leads}
                columns={columns}
                sort={filters.sort}
                selected={list.shown}
                onToggle={list.toggle}
                onToggleAll={list.toggleAll}
                owners={owners}
                now={loaderData.now}
                todayStart={loaderData.todayStart}
              />
            </div>
            <ul className="space-y-3 md:hidden">
              {page.leads.map((lead) => (
                <li key={lead.id}>
                  <LeadCard lead={lead} owners={owners} me={me} />
                </li>
              ))}
            </ul>
            {list.selection ? (
              <BulkActions
                selection={list.selection}
                spamView={spamView}
                owners={owners}
                me={me}
                canDelete={canBulkDelete}
                onDone={list.clear}
              />
            ) : null}
            <Pagination page={page.page} pageCount={page.pageCount} more={page.totalIsLowerBound} />
          </div>
        )}
      </section>
    </div>
  );
}

function QueueLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={cn(
        "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 font-medium text-sm",
        active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
      )}
    >
      {children}
    </Link>
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

function LeadCard({ lead, owners, me }: { lead: LeadSummary; owners: { id: string; email: string }[]; me: string }) {
  return (
    <Card data-testid="lead-card" className="gap-3 py-4">
      <CardContent className="space-y-3 px-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="font-semibold text-lg">
              <Link to={`/admin/leads/${lead.id}`} className="hover:underline">
                {lead.name}
              </Link>
            </h2>
            <p className="text-muted-foreground text-sm">
              <a href={`mailto:${lead.email}`} className="hover:underline">
                {lead.email}
              </a>
              {lead.phone ? <> · {lead.phone}</> : null}
              {lead.company ? <> · {lead.company}</> : null}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <LeadStatusBadge status={lead.status} />
            <span className="text-muted-foreground text-xs">
              <DateText iso={lead.createdAt} withTime />
            </span>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 text-xs">
          <Badge variant="outline">{lead.source || "Website"}</Badge>
          {lead.utmSource ? <Badge variant="secondary">utm_source: {lead.utmSource}</Badge> : null}
          {lead.utmCampaign ? <Badge variant="secondary">utm_campaign: {lead.utmCampaign}</Badge> : null}
          {lead.isSpam ? <Badge variant="destructive">Spam: {lead.spamReason ?? "flagged"}</Badge> : null}
          {lead.nextFollowUpAt ? (
            <Badge variant="outline">
              Follow-up <DateText iso={lead.nextFollowUpAt} withTime />
            </Badge>
          ) : null}
        </div>
        {lead.message ? <p className="line-clamp-3 whitespace-pre-line text-sm">{lead.message}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          {lead.isSpam ? (
            <SpamActions lead={lead} />
          ) : (
            <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
          )}
          <OwnerSelect
            fields={{ leadId: lead.id }}
            itemName={lead.name}
            ownerId={lead.ownerId}
            owners={owners}
            me={me}
          />
          <LeadEditDialog lead={lead} />
          <Button asChild size="sm" variant="ghost">
            <Link to={`/admin/leads/${lead.id}`} aria-label={`Details of ${lead.name}`}>
              Details <ChevronRightIcon />
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function SpamActions({ lead }: { lead: LeadSummary }) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="mark-not-spam" />
        <input type="hidden" name="leadId" value={lead.id} />
        <Button type="submit" size="sm" variant="outline">
          <ShieldCheckIcon /> Not spam
        </Button>
      </Form>
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="destructive" aria-label={`Delete ${lead.name}`}>
            <Trash2Icon /> Delete
          </Button>
        }
        title="Delete this lead?"
        description={`${lead.name} (${lead.email}) and its submission are deleted for good.`}
        confirmLabel="Delete lead"
        fields={{ intent: "delete", leadId: lead.id }}
      />
    </>
  );
}

function Pagination({ page, pageCount, more }: { page: number; pageCount: number; more: boolean }) {
  // useLocation rather than useSearchParams: that hook's router code would land in the public site's bundle.
  const { search } = useLocation();
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const query = params.toString();
    return `/admin/leads${query ? `?${query}` : ""}`;
  };
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={hrefFor(page - 1)} rel="prev">
            Previous
          </Link>
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled>
          Previous
        </Button>
      )}
      <span className="text-muted-foreground text-sm">
        Page {page.toLocaleString("en-US")} of {more ? "many" : pageCount.toLocaleString("en-US")}
      </span>
      {page < pageCount ? (
        <Button asChild variant="outline" size="sm">
          <Link to={hrefFor(page + 1)} rel="next">
            Next
          </Link>
        </Button>
      ) : (
        <Button variant="outline" size="sm" disabled>
          Next
        </Button>
      )}
    </nav>
  );
}
