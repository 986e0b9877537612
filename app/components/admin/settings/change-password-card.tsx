import { Form } from "react-router";
import { Field } from "~/components/admin/field";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { newPasswordInput } from "~/lib/schemas/staff";

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
        <Field id="current-password" label="Current password" error={fieldErrors.currentPassword}>
          {(props) => (
            <Input {...props} name="currentPassword" type="password" required autoComplete="current-password" />
          )}
        </Field>
        <Field id="new-password" label="New password" hint="At least 8 characters." error={fieldErrors.newPassword}>
          {(props) => <Input {...props} {...newPasswordInput} name="newPassword" />}
        </Field>
        <Field id="confirm-password" label="Confirm new password" error={fieldErrors.confirmPassword}>
          {(props) => <Input {...props} {...newPasswordInput} name="confirmPassword" />}
        </Field>
        <Button type="submit" className="justify-self-start" disabled={busy}>
          Change password
        </Button>
      </Form>
    </TitledCard>
  );
}
