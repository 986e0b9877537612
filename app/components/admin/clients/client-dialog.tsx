import { PencilIcon, PlusIcon } from "lucide-react";
import { AdminDialog, DialogSaveActions } from "~/components/admin/admin-dialog";
import { Field } from "~/components/admin/field";
import { ReturnTo } from "~/components/admin/return-to";
import { SelectOptions } from "~/components/admin/select-options";
import { useDialogFetcher } from "~/components/admin/use-dialog-fetcher";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { CLIENT_STATUSES } from "~/lib/schemas/clients";
import type { ActionResult } from "~/lib/types/action-result";
import type { Client } from "~/lib/types/clients";

import { statusLabels } from "./client-status";

export type Prefill = Partial<Record<"name" | "email" | "phone" | "company" | "address" | "status", string | null>>;

export function ClientDialog({
  mode,
  client,
  prefill,
  leadId,
  initiallyOpen = false,
}: {
  mode: "create" | "edit";
  client?: Client;
  prefill: Prefill;
  leadId?: string;
  initiallyOpen?: boolean;
}) {
  const { fetcher, open, setOpen, failure, onSubmit, busy } = useDialogFetcher<ActionResult>(initiallyOpen);
  useToastMessage(failure?.toast);
  const errors = failure?.fieldErrors ?? {};
  const idPrefix = client ? `client-${client.id}` : "new-client";
  const value = (name: keyof Prefill) => prefill[name] ?? "";
  const title = mode === "edit" ? "Edit Client" : leadId ? "Convert lead to client" : "New Client";
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        mode === "edit" ? (
          <Button size="sm" variant="outline" aria-label={`Edit ${client?.name}`} data-open-client>
            <PencilIcon aria-hidden /> Edit
          </Button>
        ) : (
          <Button>
            <PlusIcon aria-hidden /> New Client
          </Button>
        )
      }
      title={title}
      description={
        leadId
          ? "Check the details taken from the lead; saving links the client to it and marks the lead converted."
          : "Only the name is required."
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-lg"
    >
      <fetcher.Form method="post" className="grid gap-4" onSubmit={onSubmit}>
        <input type="hidden" name="intent" value={mode === "edit" ? "update" : "create"} />
        {client ? <input type="hidden" name="clientId" value={client.id} /> : null}
        <ReturnTo omit={["convert"]} />
        {leadId ? <input type="hidden" name="leadId" value={leadId} /> : null}
        <Field id={`${idPrefix}-name`} label="Name *" error={errors.name}>
          {(props) => <Input {...props} name="name" required maxLength={200} defaultValue={value("name")} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${idPrefix}-email`} label="Email" error={errors.email}>
            {(props) => <Input {...props} name="email" type="email" maxLength={254} defaultValue={value("email")} />}
          </Field>
          <Field id={`${idPrefix}-phone`} label="Phone" error={errors.phone}>
            {(props) => <Input {...props} name="phone" type="tel" maxLength={50} defaultValue={value("phone")} />}
          </Field>
        </div>
        <Field id={`${idPrefix}-company`} label="Company" error={errors.company}>
          {(props) => <Input {...props} name="company" maxLength={200} defaultValue={value("company")} />}
        </Field>
        <Field id={`${idPrefix}-address`} label="Address" error={errors.address}>
          {(props) => <Textarea {...props} name="address" rows={2} maxLength={500} defaultValue={value("address")} />}
        </Field>
        <Field id={`${idPrefix}-status`} label="Status" error={errors.status}>
          {(props) => (
            <NativeSelect {...props} name="status" defaultValue={value("status") || "active"}>
              <SelectOptions values={CLIENT_STATUSES} labels={statusLabels} />
            </NativeSelect>
          )}
        </Field>
        <DialogSaveActions onCancel={() => setOpen(false)} busy={busy}>
          {mode === "edit" ? "Save changes" : leadId ? "Create client" : "Create Client"}
        </DialogSaveActions>
      </fetcher.Form>
    </AdminDialog>
  );
}
