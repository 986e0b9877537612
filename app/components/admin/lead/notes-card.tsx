import { useFetcher } from "react-router";
import { DateText } from "~/components/admin/date-text";
import { TextareaField } from "~/components/admin/form-fields";
import { TitledCard } from "~/components/admin/titled-card";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/types/action-result";
import type { LeadDetail } from "~/lib/types/leads";

/** The lead's notes, newest first, and a box to add one. */
export function NotesCard({ leadId, notes }: { leadId: string; notes: LeadDetail["notes"] }) {
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const failed = fetcher.data?.intent === "add-note" && !fetcher.data.ok ? fetcher.data : null;
  // A new, empty box after each saved note; after a failure the typed text stays.
  const formKey = fetcher.data?.intent === "add-note" && fetcher.data.ok ? (fetcher.data.toast?.id ?? "note") : "note";
  return (
    <TitledCard title="Notes" contentClassName="space-y-4">
      <fetcher.Form method="post" className="grid gap-2" key={formKey}>
        <input type="hidden" name="intent" value="add-note" />
        <input type="hidden" name="leadId" value={leadId} />
        <TextareaField
          id="lead-note"
          label="Add a note"
          error={failed?.fieldErrors.body}
          name="body"
          rows={3}
          maxLength={5000}
          defaultValue={failed?.values.body ?? ""}
        />
        <div>
          <Button type="submit" size="sm" disabled={busy}>
            {busy ? "Saving..." : "Add note"}
          </Button>
        </div>
      </fetcher.Form>
      {notes.length === 0 ? (
        <p className="text-muted-foreground text-sm">No notes yet.</p>
      ) : (
        <ol className="space-y-3" data-testid="notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md border p-3">
              <p className="whitespace-pre-line text-sm">{note.body}</p>
              <p className="mt-1 text-muted-foreground text-xs">
                {note.authorEmail ?? "unknown"} · <DateText iso={note.createdAt} withTime />
              </p>
            </li>
          ))}
        </ol>
      )}
    </TitledCard>
  );
}
