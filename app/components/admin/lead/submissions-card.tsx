import { DateText } from "~/components/admin/date-text";
import { TitledCard } from "~/components/admin/titled-card";
import { shortId } from "~/lib/short-id";
import type { LeadDetail } from "~/lib/types/leads";

export function SubmissionsCard({ submissions }: { submissions: LeadDetail["submissions"] }) {
  return (
    <TitledCard
      title="Submissions"
      description="What the visitor sent, as the form received it."
      contentClassName="space-y-4"
    >
      {submissions.length === 0 ? (
        <p className="text-muted-foreground text-sm">No submission is stored for this lead.</p>
      ) : (
        submissions.map((submission) => (
          <div key={submission.id} className="space-y-2 rounded-md border p-3" data-testid="submission">
            <p className="text-muted-foreground text-xs">
              {shortId(submission.id)} · {submission.formName ?? "No form"} ·{" "}
              <DateText iso={submission.createdAt} withTime />
              {submission.utmSource ? ` · utm_source ${submission.utmSource}` : ""}
              {submission.utmCampaign ? ` · utm_campaign ${submission.utmCampaign}` : ""}
            </p>
            <pre className="overflow-x-auto whitespace-pre-wrap rounded bg-muted p-2 text-xs">
              {JSON.stringify(submission.data, null, 2)}
            </pre>
          </div>
        ))
      )}
    </TitledCard>
  );
}
