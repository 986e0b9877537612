import { Trash2Icon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { Form } from "react-router";
import { AdminDialog, DialogActions } from "~/components/admin/admin-dialog";
import { Button } from "~/components/ui/button";

/** A destructive action behind a confirmation: the form posts only from the dialog's confirm button. */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  fields,
  action,
}: {
  trigger: React.ReactNode;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  fields: Record<string, string>;
  action?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AdminDialog open={open} onOpenChange={setOpen} trigger={trigger} title={title} description={description}>
      <Form method="post" action={action} onSubmit={() => setOpen(false)}>
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <DialogActions>
          <Button type="submit" variant="destructive">
            {confirmLabel}
          </Button>
        </DialogActions>
      </Form>
    </AdminDialog>
  );
}

/** A list item's Delete button (a trash can named after the item), behind a confirmation; `disabled` greys it out. */
export function DeleteConfirm({
  name,
  disabled,
  ...confirm
}: { name: string; disabled?: boolean } & Omit<React.ComponentProps<typeof ConfirmDialog>, "trigger">) {
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="destructive" disabled={disabled} aria-label={`Delete ${name}`}>
          <Trash2Icon />
        </Button>
      }
      {...confirm}
    />
  );
}
