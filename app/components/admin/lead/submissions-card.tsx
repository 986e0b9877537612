import { useFetcher } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { ScrollRegion } from "~/components/admin/scroll-region";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { ENQUIRY_VALUE_FIELDS, enquiryValueLabels } from "~/lib/schemas/lead-identity";
import { shortId } from "~/lib/short-id";
import type { ActionResult } from "~/lib/types/action-result";
import type { LeadDetail } from "~/lib/types/leads";

type Submission = LeadDetail["submissions"][number];

/**
 * The person's enquiries in the order they came, each with its form, campaign and landing page. A value
 * typed with a later enquiry that differs from the lead's own is shown beside it with "Use this": an
 * enquiry never changes the lead by itself.
 */
export function SubmissionsCard({ lead, submissions }: { lead: LeadDetail["lead"]; submissions: Submission[] }) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  return (
    <TitledCard
      title={`Enquiries (${submissions.length})`}
      description="Every form this person sent, oldest first, as the form received it."
      contentClassName="space-y-4"
    >
      {submissions.length === 0 ? (
        <p className="text-muted-foreground text-sm">No submission is stored for this lead.</p>
      ) : (
        <ol className="space-y-4">
          {submissions.map((submission, index) => (
            <li key={submission.id} className="space-y-2 rounded-md border p-3" data-testid="submission">
              <p className="font-medium text-sm">{index === 0 ? "First enquiry" : "New enquiry"}</p>
              <p className="text-muted-foreground text-xs">
                {shortId(submission.id)} · {submission.formName ?? "No form"} ·{" "}
                <DateText iso={submission.createdAt} withTime />
                {submission.utmSource ? ` · utm_source ${submission.utmSource}` : ""}
                {submission.utmCampaign ? ` · utm_campaign ${submission.utmCampaign}` : ""}
                {submission.landingPath ? ` · landed on ${submission.landingPath}` : ""}
              </p>
              <ClickIds clicks={submission.adClicks} />
              <OtherValues lead={lead} submission={submission} fetcher={fetcher} />
              <ScrollRegion
                label={`${index === 0 ? "First enquiry" : "New enquiry"} of ${shortId(submission.id)}, as received`}
                className="max-h-80 bg-muted p-2"
              >
                <pre className="whitespace-pre-wrap text-xs wrap-anywhere">
                  {JSON.stringify(submission.data, null, 2)}
                </pre>
              </ScrollRegion>
            </li>
          ))}
        </ol>
      )}
    </TitledCard>
  );
}

/** The ad click ids this enquiry's visit came with: what the ad platforms can be told the enquiry came from. */
function ClickIds({ clicks }: { clicks: Submission["adClicks"] }) {
  const entries = Object.entries(clicks);
  if (entries.length === 0) return null;
  return (
    <p className="break-all text-xs" data-slot="submission-click-ids">
      <span className="font-medium">Ad click ids:</span> {entries.map(([name, value]) => `${name}=${value}`).join(", ")}
    </p>
  );
}

function OtherValues({
  lead,
  submission,
  fetcher,
}: {
  lead: LeadDetail["lead"];
  submission: Submission;
  fetcher: ReturnType<typeof useFetcher<ActionResult>>;
}) {
  const contact = submission.contact;
  if (!contact) return null;
  const differing = ENQUIRY_VALUE_FIELDS.flatMap((field) => {
    const typed = contact[field]?.trim();
    return typed && typed !== (lead[field] ?? "") ? [{ field, typed }] : [];
  });
  if (differing.length === 0) return null;
  const busy = fetcher.state !== "idle";
  return (
    <ul className="space-y-1 text-sm" aria-label="Values that differ from the lead's">
      {differing.map(({ field, typed }) => (
        <li key={field} className="flex flex-wrap items-center gap-2">
          <span>
            {enquiryValueLabels[field]} sent with this enquiry: <strong>{typed}</strong>
          </span>
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="use-enquiry-value" />
            <input type="hidden" name="leadId" value={lead.id} />
            <input type="hidden" name="submissionId" value={submission.id} />
            <input type="hidden" name="field" value={field} />
            <Button
              type="submit"
              size="sm"
              variant="outline"
              disabled={busy}
              aria-label={`Use ${typed} as the lead's ${enquiryValueLabels[field].toLowerCase()}`}
            >
              Use this
            </Button>
          </fetcher.Form>
        </li>
      ))}
    </ul>
  );
}
