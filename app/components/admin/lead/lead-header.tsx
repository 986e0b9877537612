import { DateText } from "~/components/admin/date-text";
import { LeadEditDialog } from "~/components/admin/leads/lead-edit-dialog";
import { LeadStatusBadge } from "~/components/admin/leads/lead-status-badge";
import { LeadStatusSelect } from "~/components/admin/leads/lead-status-select";
import { SpamActions } from "~/components/admin/leads/spam-actions";
import { Badge } from "~/components/ui/badge";
import { Spinner } from "~/components/ui/spinner";
import type { LeadDetail } from "~/lib/types/leads";
import { ClientLink } from "./client-link";

/** The lead's name, status and source, and what can be done to it at once. */
export function LeadHeader({
  detail,
  reloading,
  canDelete,
}: {
  detail: LeadDetail;
  reloading: boolean;
  canDelete: boolean;
}) {
  const { lead } = detail;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 font-bold text-2xl wrap-anywhere">{lead.name}</h1>
          {lead.isSpam ? (
            <LeadStatusBadge status={lead.status} />
          ) : (
            <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
          )}
          {lead.isSpam ? <Badge variant="destructive">Spam: {lead.spamReason ?? "flagged"}</Badge> : null}
          {reloading ? <Spinner /> : null}
        </div>
        <p className="text-muted-foreground">
          {lead.source || "Website"} · received <DateText iso={lead.createdAt} withTime />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <LeadEditDialog lead={lead} />
        <ClientLink detail={detail} />
        {lead.isSpam ? <SpamActions lead={lead} canDelete={canDelete} /> : null}
      </div>
    </div>
  );
}
