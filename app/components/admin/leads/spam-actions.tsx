import { ShieldCheckIcon, Trash2Icon } from "lucide-react";
import { Form } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Button } from "~/components/ui/button";

/** A lead in the spam queue: release it (Not spam) or, for those who may delete leads, delete it for good. */
export function SpamActions({
  lead,
  canDelete,
}: {
  lead: { id: string; name: string; email: string };
  canDelete: boolean;
}) {
  return (
    <>
      <Form method="post">
        <input type="hidden" name="intent" value="mark-not-spam" />
        <input type="hidden" name="leadId" value={lead.id} />
        <Button type="submit" size="sm" variant="outline">
          <ShieldCheckIcon /> Not spam
        </Button>
      </Form>
      {canDelete ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="destructive" aria-label={`Delete ${lead.name}`}>
              <Trash2Icon /> Delete
            </Button>
          }
          title="Delete this lead?"
          description={`${lead.name} (${lead.email}), its submissions, notes and mails are deleted for good.`}
          confirmLabel="Delete lead"
          fields={{ intent: "delete", leadId: lead.id }}
        />
      ) : null}
    </>
  );
}
