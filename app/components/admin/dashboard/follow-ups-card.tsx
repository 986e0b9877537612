import { Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { TitledCard } from "~/components/admin/titled-card";
import type { DueFollowUp } from "~/lib/types/leads";

/** The signed-in person's follow-ups due today or overdue. */
export function FollowUpsCard({ due, more }: { due: DueFollowUp[]; more: boolean }) {
  return (
    <TitledCard
      data-testid="due-follow-ups"
      title="Your follow-ups"
      description="Due today or overdue, on leads you own."
    >
      {due.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing due today.</p>
      ) : (
        <ul className="divide-y">
          {due.map((item) => (
            <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <Link to={`/admin/leads/${item.id}`} className="font-medium hover:underline">
                  {item.name}
                </Link>
                {item.company ? <span className="text-muted-foreground"> · {item.company}</span> : null}
                {item.note ? <span className="block text-muted-foreground text-sm">{item.note}</span> : null}
              </span>
              <span className={item.overdue ? "font-medium text-destructive text-sm" : "text-muted-foreground text-sm"}>
                {item.overdue ? "Overdue: " : "Due "}
                <DateText iso={item.nextFollowUpAt} withTime />
              </span>
            </li>
          ))}
        </ul>
      )}
      {due.length > 0 ? (
        <Link to="/admin/leads?owner=me&sort=follow_up" className="mt-3 inline-block text-primary text-sm underline">
          {more ? "See all of them" : "Open them as a list"}
        </Link>
      ) : null}
    </TitledCard>
  );
}
