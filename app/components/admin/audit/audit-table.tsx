import { Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { changeText, fieldChanges } from "~/lib/audit-changes";
import { auditKindLabel } from "./audit-labels";

type Entry = {
  id: string;
  createdAt: string;
  actorEmail: string | null;
  action: string;
  kind: string;
  recordId: string | null;
  summary: Record<string, unknown> | null;
  href: string | null;
};

/** The audit entries, newest first: when, who, what, on which record, and each field's change. */
export function AuditTable({ entries }: { entries: Entry[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-muted-foreground">No audit entries match these filters.</p>
    );
  }
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: it scrolls sideways on a narrow screen (never the page) and must be reachable by keyboard.
      tabIndex={0}
      aria-label="Audit entries"
      // Relative, so that the screen-reader-only texts inside are placed within the scroll box and do
      // not widen the page on a phone.
      className="relative overflow-x-auto rounded-md border"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Audit entries, newest first</caption>
        <thead className="bg-muted/50 text-left">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              When
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Person
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Action
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Record
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Changes
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-entry" className="border-t align-top">
              <td className="whitespace-nowrap px-3 py-2">
                <DateText iso={entry.createdAt} withTime />
              </td>
              <td className="max-w-48 break-all px-3 py-2">{entry.actorEmail ?? "System"}</td>
              <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
              <td className="px-3 py-2">
                {auditKindLabel(entry.kind)}
                {entry.href ? (
                  <>
                    {" "}
                    <Link to={entry.href} className="text-primary underline underline-offset-4">
                      Open<span className="sr-only"> this {auditKindLabel(entry.kind).toLowerCase()}</span>
                    </Link>
                  </>
                ) : entry.recordId ? (
                  <span className="text-muted-foreground text-xs"> (no longer exists)</span>
                ) : null}
              </td>
              <td className="px-3 py-2">
                <Changes summary={entry.summary} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Changes({ summary }: { summary: Record<string, unknown> | null }) {
  const changes = fieldChanges(summary);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-muted-foreground">{change.field}</dt>
          <dd className="break-words">
            {"value" in change ? (
              changeText(change.value)
            ) : (
              <>
                <del className="text-muted-foreground">{changeText(change.from) || "(empty)"}</del>
                {" → "}
                <ins className="no-underline">{changeText(change.to) || "(empty)"}</ins>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
