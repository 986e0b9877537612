import { Form } from "react-router";
import { PasswordField } from "~/components/admin/form-fields";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";

/** Current and new password; the form empties once the password is changed. */
export function ChangePasswordCard({
  fieldErrors,
  changed,
  busy,
}: {
  fieldErrors: Record<string, string>;
  changed: boolean;
  busy: boolean;
}) {
  return (
    <TitledCard title="Change password" description="Changing it signs you out on your other devices.">
      <Form method="post" className="grid max-w-md gap-4" key={changed ? "done" : "form"}>
        <input type="hidden" name="intent" value="change-password" />
        <PasswordField
          id="current-password"
          label="Current password"
          error={fieldErrors.currentPassword}
          name="currentPassword"
        />
        <PasswordField
          id="new-password"
          label="New password"
          hint="At least 12 characters; common passwords are refused."
          error={fieldErrors.newPassword}
          name="newPassword"
          isNew
        />
        <PasswordField
          id="confirm-password"
          label="Confirm new password"
          error={fieldErrors.confirmPassword}
          name="confirmPassword"
          isNew
        />
        <Button type="submit" className="justify-self-start" disabled={busy}>
          Change password
        </Button>
      </Form>
    </TitledCard>
  );
}
