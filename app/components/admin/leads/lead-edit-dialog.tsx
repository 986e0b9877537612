import { PencilIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { AdminDialog, DialogSaveActions } from "~/components/admin/admin-dialog";
import { Field } from "~/components/admin/field";
import { SelectOptions } from "~/components/admin/select-options";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { LEAD_STATUSES, leadStatusLabels } from "~/lib/schemas/lead-admin";
import type { ActionResult } from "~/lib/types/action-result";
import type { LeadSummary } from "~/lib/types/leads";

export type EditableLead = Pick<LeadSummary, "id" | "name" | "email" | "phone" | "company" | "status" | "message">;

/**
 * The lead's edit dialog (name, e-mail, phone, company, status, message). It stays open with what was
 * typed and the server's messages when saving fails, and closes once saved.
 */
export function LeadEditDialog({ lead, action }: { lead: EditableLead; action?: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  useToastMessage(fetcher.data?.toast);
  const result = fetcher.data;
  const saved = fetcher.state === "idle" && result?.ok === true;
  useEffect(() => {
    if (saved) setOpen(false);
  }, [saved]);
  const errors = result && !result.ok ? result.fieldErrors : {};
  const busy = fetcher.state !== "idle";
  const id = (field: string) => `lead-${lead.id}-${field}`;
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Edit ${lead.name}`}>
          <PencilIcon /> Edit
        </Button>
      }
      title="Edit lead"
      description="Changes are saved to the lead and noted in the audit log."
    >
      <fetcher.Form method="post" action={action} className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="leadId" value={lead.id} />
        <Field id={id("name")} label="Name" error={errors.name}>
          {(props) => <Input {...props} name="name" required maxLength={200} defaultValue={lead.name} />}
        </Field>
        <Field id={id("email")} label="Email" error={errors.email}>
          {(props) => <Input {...props} name="email" type="email" required maxLength={254} defaultValue={lead.email} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("phone")} label="Phone" error={errors.phone}>
            {(props) => <Input {...props} name="phone" maxLength={50} defaultValue={lead.phone ?? ""} />}
          </Field>
          <Field id={id("company")} label="Company" error={errors.company}>
            {(props) => <Input {...props} name="company" maxLength={200} defaultValue={lead.company ?? ""} />}
          </Field>
        </div>
        <Field id={id("status")} label="Status" error={errors.status}>
          {(props) => (
            <NativeSelect {...props} name="status" defaultValue={lead.status}>
              <SelectOptions values={LEAD_STATUSES} labels={leadStatusLabels} />
            </NativeSelect>
          )}
        </Field>
        <Field id={id("message")} label="Message" error={errors.message}>
          {(props) => (
            <Textarea {...props} name="message" rows={5} maxLength={5000} defaultValue={lead.message ?? ""} />
          )}
        </Field>
        <DialogSaveActions onCancel={() => setOpen(false)} busy={busy}>
          Save changes
        </DialogSaveActions>
      </fetcher.Form>
    </AdminDialog>
  );
}
