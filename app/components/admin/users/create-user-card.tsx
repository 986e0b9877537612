import { Form, useNavigation } from "react-router";
import { boundFields, InputField, PasswordField, SelectField } from "~/components/admin/form-fields";
import { RoleOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";
import { MAX_DISPLAY_NAME_LENGTH } from "~/lib/schemas/staff";

/** Add a user: e-mail, the name visitors see, initial password and role; the form empties once the user is created. */
export function CreateUserCard({
  fieldErrors,
  values,
  created,
}: {
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  created: boolean;
}) {
  const navigation = useNavigation();
  // The password is not bound: what was typed is never sent back into the page.
  const field = boundFields("new", fieldErrors, values);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <TitledCard
      title="Add a user"
      description="They sign in with this e-mail and password; share the password with them safely."
    >
      <Form
        method="post"
        className="grid gap-4 md:grid-cols-[2fr_2fr_2fr_1fr_auto] md:items-end"
        key={created ? "done" : "form"}
      >
        <input type="hidden" name="intent" value="create" />
        <InputField {...field("email")} label="Email" type="email" required autoComplete="off" />
        <InputField
          {...field("name")}
          label="Name visitors see"
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          autoComplete="off"
        />
        <PasswordField id="new-password" label="Initial password" error={fieldErrors.password} name="password" isNew />
        <SelectField
          id="new-role"
          label="Role"
          error={fieldErrors.role}
          name="role"
          defaultValue={values.role ?? "sales"}
        >
          <RoleOptions />
        </SelectField>
        <Button type="submit" disabled={busy}>
          Add user
        </Button>
      </Form>
    </TitledCard>
  );
}
