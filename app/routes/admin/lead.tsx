import { ArrowLeftIcon } from "lucide-react";
import { data, Link, redirect, useNavigation } from "react-router";
import { AdSignalsCard } from "~/components/admin/lead/ad-signals-card";
import { AttributionCard } from "~/components/admin/lead/attribution-card";
import { CallsCard } from "~/components/admin/lead/calls-card";
import { ContactCard } from "~/components/admin/lead/contact-card";
import { DuplicatesCard } from "~/components/admin/lead/duplicates-card";
import { LeadHeader } from "~/components/admin/lead/lead-header";
import { MailLog } from "~/components/admin/lead/mail-log";
import { NotesCard } from "~/components/admin/lead/notes-card";
import { StatusHistoryCard } from "~/components/admin/lead/status-history-card";
import { SubmissionsCard } from "~/components/admin/lead/submissions-card";
import { LeadWorkCard } from "~/components/admin/leads/lead-work-card";
import { useListReturn } from "~/components/admin/list-return";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getServices } from "~/http/context.server";
import { runIntent } from "~/http/intents.server";
import { requireStaff } from "~/http/staff.server";
import { canUseIntent } from "~/lib/roles";
import { leadAdSummary } from "~/server/ads/lead-summary.server";
import { leadCallTimeline } from "~/server/bookings/agenda.server";
import { findPossibleDuplicates } from "~/server/leads/duplicates.server";
import { getLeadDetail } from "~/server/leads/leads.server";
import { listUndoableMerges, survivorOf } from "~/server/leads/merge.server";
import { listAssignableStaff } from "~/server/leads/owners.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import type { Route } from "./+types/lead";
import { leadScreenIntents } from "./leads.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.detail.lead.name ?? "Lead"} | Leads | Admin` }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  const { db } = getServices(context);
  const timeZone = await getAgencyTimeZone(db);
  const [detail, owners, calls, duplicates, merges, ads] = await Promise.all([
    getLeadDetail(db, params.leadId),
    listAssignableStaff(db),
    leadCallTimeline(db, params.leadId, timeZone),
    findPossibleDuplicates(db, params.leadId),
    listUndoableMerges(db, params.leadId),
    leadAdSummary(db, params.leadId),
  ]);
  if (!detail) {
    // A lead merged into another lives on as that one: its old address leads there.
    const survivor = await survivorOf(db, params.leadId);
    if (survivor) throw redirect(`/admin/leads/${survivor}`);
    throw data({ message: "This lead does not exist (any more)." }, { status: 404 });
  }
  return {
    detail,
    calls,
    ads,
    timeZone,
    owners,
    me: staff.id,
    duplicates,
    merges,
    canDelete: canUseIntent(staff.role, `/admin/leads/${params.leadId}`, "delete"),
  };
}

export const action = (args: Route.ActionArgs) => runIntent(args, leadScreenIntents);

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, owners, me, canDelete, calls, timeZone, duplicates, merges, ads } = loaderData;
  const { lead } = detail;
  const backToList = useListReturn("/admin/leads");
  useToastMessage(actionData?.toast);
  const navigation = useNavigation();
  const reloading = navigation.state === "loading" && navigation.location.pathname === `/admin/leads/${lead.id}`;
  return (
    <div className="space-y-6" aria-busy={reloading}>
      <div>
        <Button asChild variant="ghost" size="sm">
          <Link to={backToList}>
            <ArrowLeftIcon /> All leads
          </Link>
        </Button>
      </div>
      <LeadHeader detail={detail} reloading={reloading} canDelete={canDelete} />
      <LeadWorkCard lead={lead} owners={owners} me={me} />
      <div className="grid gap-6 lg:grid-cols-2">
        <ContactCard lead={lead} />
        <AttributionCard lead={lead} />
      </div>
      <DuplicatesCard lead={lead} duplicates={duplicates} merges={merges} owners={owners} />
      <AdSignalsCard summary={ads} />
      <CallsCard events={calls} timeZone={timeZone} />
      <SubmissionsCard lead={lead} submissions={detail.submissions} />
      <div className="grid gap-6 lg:grid-cols-2">
        <NotesCard leadId={lead.id} notes={detail.notes} />
        <StatusHistoryCard changes={detail.statusChanges} />
      </div>
      <MailLog leadId={lead.id} mails={detail.mails} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound =
    typeof error === "object" && error !== null && "status" in error && (error as { status: number }).status === 404;
  return (
    <Alert variant={notFound ? "default" : "destructive"}>
      <AlertTitle>{notFound ? "Lead not found" : "Failed to fetch leads"}</AlertTitle>
      <AlertDescription>
        {notFound ? "This lead does not exist (any more)." : "The lead could not be loaded. Please try again."}{" "}
        <Link to="/admin/leads">Back to the leads</Link>
      </AlertDescription>
    </Alert>
  );
}
