import { DownloadIcon, ExternalLinkIcon, ShieldAlertIcon, ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { formatDateTime } from "~/components/admin/leads/format";
import { LeadEditDialog } from "~/components/admin/leads/lead-edit-dialog";
import { LeadStatusBadge } from "~/components/admin/leads/lead-status-badge";
import { LeadStatusSelect } from "~/components/admin/leads/lead-status-select";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Spinner } from "~/components/ui/spinner";
import { canAccess } from "~/lib/roles";
import {
  LEAD_SORTS,
  LEAD_STATUSES,
  type LeadFilters,
  leadFilterParams,
  leadSortLabels,
  leadStatusLabels,
  parseLeadFilters,
} from "~/lib/schemas/lead-admin";
import { toastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { requireStaff } from "~/server/auth/session.server";
import { getRequestInfo, getServices } from "~/server/context.server";
import { runLeadAction } from "~/server/leads/lead-actions.server";
import { countSpamLeads, type LeadSummary, listLeadSources, listLeads } from "~/server/leads/lead-list.server";
import type { Route } from "./+types/leads";

export function meta() {
  return [{ title: "Leads | Admin" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const filters = parseLeadFilters(new URL(request.url).searchParams);
  const { db } = getServices(context);
  // The GDPR tools' link follows the same role table that guards their page.
  const canUseGdpr = canAccess(staff.role, "/admin/leads/gdpr");
  try {
    const [page, sources, spamCount] = await Promise.all([
      listLeads(db, filters),
      listLeadSources(db),
      countSpamLeads(db),
    ]);
    return { filters, page, sources, spamCount, canUseGdpr, toast: null };
  } catch (error) {
    getRequestInfo(context).logger.error({ err: error }, "leads list failed");
    return {
      filters,
      page: null,
      sources: [],
      spamCount: 0,
      canUseGdpr,
      toast: toastMessage("error", "Error", "Failed to fetch leads"),
    };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  return runLeadAction(request, context);
}

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, page, sources, spamCount, canUseGdpr } = loaderData;
  useToastMessage(loaderData.toast);
  useToastMessage(actionData?.toast);
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  const spamView = filters.view === "spam";
  const exportParams = leadFilterParams({ ...filters, page: 1 }).toString();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl">Leads</h1>
          <p className="text-muted-foreground">Everyone who reached out through the site, newest first.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canUseGdpr ? (
            <Button asChild variant="outline">
              <Link to="/admin/leads/gdpr">
                <ShieldCheckIcon /> GDPR tools
              </Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <a href={`/admin/leads/export${exportParams ? `?${exportParams}` : ""}`} download>
              <DownloadIcon /> Export CSV
            </a>
          </Button>
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

      <LeadFilterForm filters={filters} sources={sources} />

      <section aria-label={spamView ? "Spam queue" : "Lead list"} aria-busy={loading} className="relative space-y-4">
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
            <p className="text-muted-foreground text-sm" data-testid="leads-summary">
              {summaryText(page)}
            </p>
            <ul className="space-y-3">
              {page.leads.map((lead) => (
                <li key={lead.id}>
                  <LeadCard lead={lead} />
                </li>
              ))}
            </ul>
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
  return Boolean(filters.q || filters.status !== "all" || filters.source || filters.from || filters.to);
}

function summaryText(page: { total: number; totalIsLowerBound: boolean; page: number; pageSize: number }) {
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + Math.min(page.pageSize, page.total - first + 1) - 1;
  const total = `${page.totalIsLowerBound ? "more than " : ""}${page.total.toLocaleString("en-US")}`;
  return `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total}`;
}

function LeadFilterForm({ filters, sources }: { filters: LeadFilters; sources: string[] }) {
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/leads";
  return (
    <Form method="get" className="grid gap-3 rounded-lg border p-4 md:grid-cols-6 md:items-end" role="search">
      {filters.view === "spam" ? <input type="hidden" name="view" value="spam" /> : null}
      <div className="grid gap-2 md:col-span-2">
        <Label htmlFor="leads-q">Search</Label>
        <Input
          id="leads-q"
          name="q"
          type="search"
          placeholder="Search name, e-mail or company..."
          defaultValue={filters.q}
          maxLength={200}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="leads-status">Status</Label>
        <NativeSelect id="leads-status" name="status" defaultValue={filters.status}>
          <NativeSelectOption value="all">All Statuses</NativeSelectOption>
          {LEAD_STATUSES.map((status) => (
            <NativeSelectOption key={status} value={status}>
              {leadStatusLabels[status]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="leads-source">Source</Label>
        <NativeSelect id="leads-source" name="source" defaultValue={filters.source}>
          <NativeSelectOption value="">All Sources</NativeSelectOption>
          {sources.map((source) => (
            <NativeSelectOption key={source} value={source}>
              {source}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="leads-from">From</Label>
        <Input id="leads-from" name="from" type="date" defaultValue={filters.from} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="leads-to">To</Label>
        <Input id="leads-to" name="to" type="date" defaultValue={filters.to} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="leads-sort">Sort</Label>
        <NativeSelect id="leads-sort" name="sort" defaultValue={filters.sort}>
          {LEAD_SORTS.map((sort) => (
            <NativeSelectOption key={sort} value={sort}>
              {leadSortLabels[sort]}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <div className="flex gap-2 md:col-span-5 md:justify-end">
        <Button type="submit" disabled={searching}>
          {searching ? "Searching..." : "Apply filters"}
        </Button>
        <Button asChild variant="ghost">
          <Link to={filters.view === "spam" ? "/admin/leads?view=spam" : "/admin/leads"}>Clear</Link>
        </Button>
      </div>
    </Form>
  );
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

function LeadCard({ lead }: { lead: LeadSummary }) {
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
            <time dateTime={lead.createdAt} className="text-muted-foreground text-xs">
              {formatDateTime(lead.createdAt)}
            </time>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 text-xs">
          <Badge variant="outline">{lead.source || "Website"}</Badge>
          {lead.utmSource ? <Badge variant="secondary">utm_source: {lead.utmSource}</Badge> : null}
          {lead.utmCampaign ? <Badge variant="secondary">utm_campaign: {lead.utmCampaign}</Badge> : null}
          {lead.isSpam ? <Badge variant="destructive">Spam: {lead.spamReason ?? "flagged"}</Badge> : null}
        </div>
        {lead.message ? <p className="line-clamp-3 whitespace-pre-line text-sm">{lead.message}</p> : null}
        <div className="flex flex-wrap items-center gap-2">
          {lead.isSpam ? (
            <SpamActions lead={lead} />
          ) : (
            <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
          )}
          <LeadEditDialog lead={lead} />
          <Button asChild size="sm" variant="ghost">
            <Link to={`/admin/leads/${lead.id}`} aria-label={`Details of ${lead.name}`}>
              <ExternalLinkIcon /> Details
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
