import { Link } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { changeText, fieldChanges } from "~/lib/audit-changes";
import type { AuditRow } from "~/lib/types/audit";
import { auditKindLabel } from "./audit-labels";

const AUDIT_COLUMNS = ["When", "Person", "Action", "Record", "Changes"];

/**
 * The audit entries, newest first: when, who, what, on which record, and each field's change. A table
 * from tablet width, whose fixed columns wrap long names, addresses and values inside them (never
 * widening the page); a list of cards on a phone, where five columns could not be read.
 */
export function AuditTable({ entries }: { entries: AuditRow[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-muted-foreground">No audit entries match these filters.</p>
    );
  }
  return (
    <>
      <ul aria-label="Audit entries" className="space-y-3 md:hidden">
        {entries.map((entry) => (
          <li key={entry.id} data-testid="audit-card" className="space-y-2 rounded-md border p-3 text-sm">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <Person entry={entry} />
              <span className="text-muted-foreground text-xs">
                <DateText iso={entry.createdAt} withTime />
              </span>
            </div>
            <div className="font-mono text-xs wrap-anywhere">{entry.action}</div>
            <RecordName entry={entry} />
            <Changes summary={entry.summary} />
          </li>
        ))}
      </ul>
      <div className="max-md:hidden rounded-md border">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Audit entries, newest first</caption>
          <colgroup>
            <col className="w-[18%]" />
            <col className="w-[17%]" />
            <col className="w-[15%]" />
            <col className="w-[22%]" />
            <col />
          </colgroup>
          <thead className="bg-muted/50 text-left">
            <tr>
              {AUDIT_COLUMNS.map((label) => (
                <th key={label} scope="col" className="px-3 py-2 font-medium">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="audit-entry" className="border-t align-top">
                <td className="px-3 py-2">
                  <DateText iso={entry.createdAt} withTime />
                </td>
                <td className="px-3 py-2">
                  <Person entry={entry} />
                </td>
                <td className="px-3 py-2 font-mono text-xs wrap-anywhere">{entry.action}</td>
                <td className="px-3 py-2">
                  <RecordName entry={entry} />
                </td>
                <td className="px-3 py-2">
                  <Changes summary={entry.summary} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The actor by name; their address, when the name is not it, on hover and to screen readers. */
function Person({ entry }: { entry: AuditRow }) {
  const email = entry.actorEmail && entry.actorEmail !== entry.actorName ? entry.actorEmail : null;
  return (
    <span className="min-w-0 font-medium wrap-anywhere" title={email ?? undefined}>
      {entry.actorName}
      {email ? <span className="sr-only"> ({email})</span> : null}
    </span>
  );
}

function RecordName({ entry }: { entry: AuditRow }) {
  const kind = auditKindLabel(entry.kind);
  const { label, href, gone } = entry.record;
  return (
    <div className="min-w-0 wrap-anywhere">
      <span className="block text-muted-foreground text-xs">{kind}</span>
      {href ? (
        <Link to={href} className="text-primary underline underline-offset-4">
          {label ?? `Open this ${kind.toLowerCase()}`}
        </Link>
      ) : label ? (
        <span>{label}</span>
      ) : null}
      {/* A lead's label already says how it went. */}
      {gone && entry.kind !== "lead" ? (
        <span className="text-muted-foreground text-xs"> (no longer exists)</span>
      ) : null}
    </div>
  );
}

function Changes({ summary }: { summary: Record<string, unknown> | null }) {
  const changes = fieldChanges(summary);
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-0.5">
      {changes.map((change) => (
        <div key={change.field} className="contents">
          <dt className="text-muted-foreground wrap-anywhere">{change.field}</dt>
          <dd className="min-w-0 wrap-anywhere">
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
