import type * as React from "react";
import { AdminDialog, DialogSaveActions } from "~/components/admin/admin-dialog";
import { boundFields, InputField, SelectField, TextareaField } from "~/components/admin/form-fields";
import { ReturnTo } from "~/components/admin/return-to";
import { SelectOptions } from "~/components/admin/select-options";
import { useDialogFetcher } from "~/components/admin/use-dialog-fetcher";
import { useToastMessage } from "~/components/show-toast";
import { FORM_STATUSES, FORM_TYPES, formStatusLabels, formTypeLabels } from "~/lib/schemas/forms";
import type { ActionResult } from "~/lib/types/action-result";
import type { FormWithCounters } from "~/lib/types/forms";

/** The Create Form / Edit Form dialog. */
export function FormDialog({ form, trigger }: { form?: FormWithCounters; trigger: React.ReactNode }) {
  const { fetcher, open, setOpen, failure, onSubmit, busy } = useDialogFetcher<ActionResult>();
  useToastMessage(failure?.toast);
  const errors = failure?.fieldErrors ?? {};
  const field = boundFields(form ? `form-${form.id}` : "new-form", errors, form);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={form ? "Edit Form" : "Create Form"}
      description={form ? "Change the form's details." : "A new form gets its own id for the public endpoint."}
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      <fetcher.Form method="post" className="grid gap-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={form ? "update" : "create"} />
        {form ? <input type="hidden" name="formId" value={form.id} /> : null}
        <ReturnTo />
        <InputField
          {...field("name")}
          label="Form Name *"
          hint={
            form?.usedBySite ? "The website's own forms find this form by its name, so it stays as it is." : undefined
          }
          required
          maxLength={120}
          readOnly={form?.usedBySite}
        />
        <TextareaField {...field("description")} label="Description" rows={3} maxLength={1000} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField {...field("formType", "type")} label="Form Type" defaultValue={form?.formType ?? "contact"}>
            <SelectOptions values={FORM_TYPES} labels={formTypeLabels} />
          </SelectField>
          <SelectField {...field("status")} label="Status" defaultValue={form?.status ?? "active"}>
            <SelectOptions values={FORM_STATUSES} labels={formStatusLabels} />
          </SelectField>
        </div>
        <DialogSaveActions onCancel={() => setOpen(false)} busy={busy}>
          {form ? "Update Form" : "Create Form"}
        </DialogSaveActions>
      </fetcher.Form>
    </AdminDialog>
  );
}
