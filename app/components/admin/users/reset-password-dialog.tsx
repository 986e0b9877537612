import { KeyRoundIcon } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { PasswordField } from "~/components/admin/form-fields";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";

/** Sets a new password for a user, who is signed out everywhere. */
export function ResetPasswordDialog({ userId, email }: { userId: string; email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <AdminDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button size="sm" variant="outline" aria-label={`Reset password of ${email}`}>
          <KeyRoundIcon /> Reset password
        </Button>
      }
      title="Reset password"
      description={<>Set a new password for {email}. They are signed out everywhere and sign in with the new one.</>}
    >
      <Form method="post" className="grid gap-4" onSubmit={() => setOpen(false)}>
        <input type="hidden" name="intent" value="reset-password" />
        <input type="hidden" name="userId" value={userId} />
        <PasswordField
          id={`reset-${userId}`}
          label="New password"
          hint="At least 12 characters; common passwords are refused."
          name="password"
          isNew
        />
        <DialogFooter>
          <Button type="submit">Reset password</Button>
        </DialogFooter>
      </Form>
    </AdminDialog>
  );
}
