import { Form, useNavigation } from "react-router";
import { Field } from "~/components/admin/field";
import { RoleOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { newPasswordInput } from "~/lib/schemas/staff";

/** Add a user: e-mail, initial password and role; the form empties once the user is created. */
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
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <TitledCard
      title="Add a user"
      description="They sign in with this e-mail and password; share the password with them safely."
    >
      <Form
        method="post"
        className="grid gap-4 md:grid-cols-[2fr_2fr_1fr_auto] md:items-end"
        key={created ? "done" : "form"}
      >
        <input type="hidden" name="intent" value="create" />
        <Field id="new-email" label="Email" error={fieldErrors.email}>
          {(props) => (
            <Input {...props} name="email" type="email" required defaultValue={values.email} autoComplete="off" />
          )}
        </Field>
        <Field id="new-password" label="Initial password" error={fieldErrors.password}>
          {(props) => <Input {...props} {...newPasswordInput} name="password" />}
        </Field>
        <Field id="new-role" label="Role" error={fieldErrors.role}>
          {(props) => (
            <NativeSelect {...props} name="role" defaultValue={values.role ?? "sales"}>
              <RoleOptions />
            </NativeSelect>
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          Add user
        </Button>
      </Form>
    </TitledCard>
  );
}
