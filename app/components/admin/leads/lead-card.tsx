import { ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import type { LeadSummary } from "~/lib/types/leads";
import { LeadEditDialog } from "./lead-edit-dialog";
import { type OwnerChoice, OwnerSelect } from "./lead-owner-select";
import { LeadStatusBadge } from "./lead-status-badge";
import { LeadStatusSelect } from "./lead-status-select";
import { SpamActions } from "./spam-actions";

type CardLead = Pick<
  LeadSummary,
  "id" | "name" | "email" | "phone" | "company" | "source" | "status" | "message" | "createdAt"
> &
  Partial<Pick<LeadSummary, "utmSource" | "utmCampaign" | "isSpam" | "spamReason" | "nextFollowUpAt" | "ownerId">>;

/**
 * A lead as a card: who, when, where from, what they wrote, and its status. With `work` (the leads
 * list, for those who work leads) it also links to the lead and offers its owner, edit and spam actions;
 * without (a form's leads, which editors see too) the status is all that can be changed.
 */
export function LeadCard({
  lead,
  work,
  selection,
  testId = "lead-card",
}: {
  lead: CardLead;
  work?: { owners: OwnerChoice[]; me: string; canDelete: boolean };
  /** On the leads list: ticking the card, as the table's rows are ticked on wider screens. */
  selection?: { checked: boolean; toggle: () => void };
  testId?: string;
}) {
  return (
    <Card data-testid={testId} className="gap-3 py-4">
      <CardContent className="space-y-3 px-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 items-start gap-3">
            {selection ? (
              <input
                type="checkbox"
                className="mt-1.5 size-4 shrink-0 accent-primary"
                aria-label={`Select ${lead.name}`}
                checked={selection.checked}
                onChange={selection.toggle}
              />
            ) : null}
            <div className="min-w-0">
              <h2 className="font-semibold text-lg wrap-anywhere">
                {work ? (
                  <Link to={`/admin/leads/${lead.id}`} className="hover:underline">
                    {lead.name}
                  </Link>
                ) : (
                  lead.name
                )}
              </h2>
              <p className="break-all text-muted-foreground text-sm">
                <a href={`mailto:${lead.email}`} className="hover:underline">
                  {lead.email}
                </a>
                {lead.phone ? <> · {lead.phone}</> : null}
                {lead.company ? <> · {lead.company}</> : null}
              </p>
            </div>
          </div>
          <div className="flex items-center gap-2">
            {lead.isSpam ? (
              <LeadStatusBadge status={lead.status} />
            ) : (
              <LeadStatusSelect leadId={lead.id} leadName={lead.name} status={lead.status} />
            )}
            <span className="text-muted-foreground text-xs">
              <DateText iso={lead.createdAt} withTime />
            </span>
          </div>
        </div>
        <div className="flex min-w-0 flex-wrap gap-2 text-xs">
          {/* A source can be a long address: cut it to the card's width, whole on hover. */}
          <Badge variant="outline" className="max-w-full" title={lead.source || "Website"}>
            <span className="truncate">{lead.source || "Website"}</span>
          </Badge>
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
          {lead.isSpam ? <SpamActions lead={lead} canDelete={work?.canDelete ?? false} /> : null}
          {work ? (
            <>
              <OwnerSelect
                fields={{ leadId: lead.id }}
                itemName={lead.name}
                ownerId={lead.ownerId ?? null}
                owners={work.owners}
                me={work.me}
              />
              <LeadEditDialog lead={lead} />
              <Button asChild size="sm" variant="ghost">
                <Link to={`/admin/leads/${lead.id}`} aria-label={`Details of ${lead.name}`}>
                  Details <ChevronRightIcon />
                </Link>
              </Button>
            </>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
