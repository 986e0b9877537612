import { useFetcher } from "react-router";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { FOLLOW_UP_NOTE_MAX } from "~/lib/schemas/lead-admin";
import { isoToLocalInput } from "~/lib/time-zone";
import type { ActionResult } from "~/lib/types/action-result";
import { useAdminDates } from "../use-time-zone";
import { type OwnerChoice, OwnerSelect } from "./lead-owner-select";

type WorkLead = {
  id: string;
  name: string;
  ownerId: string | null;
  nextFollowUpAt: string | null;
  followUpNote: string | null;
};

/** Who works the lead and when to call back, at the top of the lead's page. */
export function LeadWorkCard({ lead, owners, me }: { lead: WorkLead; owners: OwnerChoice[]; me: string }) {
  const dates = useAdminDates();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Owner and follow-up</h2>
        </CardTitle>
        <CardDescription>
          {lead.nextFollowUpAt
            ? `Next follow-up ${dates.dateTime(lead.nextFollowUpAt)}${lead.followUpNote ? `: ${lead.followUpNote}` : ""}`
            : "No follow-up planned."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[auto_1fr]">
        <div className="grid content-start gap-2">
          <span className="font-medium text-sm">Owner</span>
          <OwnerSelect
            fields={{ leadId: lead.id }}
            itemName={lead.name}
            ownerId={lead.ownerId}
            owners={owners}
            me={me}
          />
        </div>
        <FollowUpForm lead={lead} timeZone={dates.timeZone} />
      </CardContent>
    </Card>
  );
}

function FollowUpForm({ lead, timeZone }: { lead: WorkLead; timeZone: string }) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  return (
    <fetcher.Form
      method="post"
      className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end"
      key={`${lead.nextFollowUpAt}-${lead.followUpNote}`}
    >
      <input type="hidden" name="intent" value="set-follow-up" />
      <input type="hidden" name="leadId" value={lead.id} />
      <div className="grid gap-2">
        <Label htmlFor="follow-up-at">Next follow-up ({timeZone})</Label>
        <Input
          id="follow-up-at"
          name="followUpAt"
          type="datetime-local"
          defaultValue={isoToLocalInput(timeZone, lead.nextFollowUpAt)}
          aria-invalid={failed.followUpAt ? true : undefined}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="follow-up-note">Follow-up note</Label>
        <Textarea
          id="follow-up-note"
          name="followUpNote"
          rows={1}
          maxLength={FOLLOW_UP_NOTE_MAX}
          defaultValue={lead.followUpNote ?? ""}
          className="min-h-9"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? "Saving..." : "Save follow-up"}
        </Button>
        {lead.nextFollowUpAt ? (
          <Button type="submit" size="sm" variant="outline" name="followUpAt" value="" disabled={busy}>
            Clear
          </Button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
