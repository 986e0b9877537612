import { DateText } from "~/components/admin/date-text";
import { TitledCard } from "~/components/admin/titled-card";
import { leadStatusLabels } from "~/lib/schemas/lead-admin";
import type { LeadDetail } from "~/lib/types/leads";

export function StatusHistoryCard({ changes }: { changes: LeadDetail["statusChanges"] }) {
  return (
    <TitledCard title="Status history">
      {changes.length === 0 ? (
        <p className="text-muted-foreground text-sm">The status has not changed since the lead arrived.</p>
      ) : (
        <ol className="space-y-2 text-sm" data-testid="status-history">
          {changes.map((change) => (
            <li key={change.id}>
              {change.fromStatus ? leadStatusLabels[change.fromStatus] : "—"} →{" "}
              <strong>{leadStatusLabels[change.toStatus]}</strong>
              <span className="text-muted-foreground">
                {" "}
                · {change.actorEmail ?? "system"} · <DateText iso={change.createdAt} withTime />
              </span>
            </li>
          ))}
        </ol>
      )}
    </TitledCard>
  );
}
