import { Form, useNavigation } from "react-router";
import { InputField, SelectField } from "~/components/admin/form-fields";
import { RoleOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import type { Role } from "~/lib/roles";
import { MAX_DISPLAY_NAME_LENGTH } from "~/lib/schemas/staff";

/** Who is signed in: the name visitors see (theirs to change), e-mail and role (an admin changes them). */
export function ProfileCard({
  name,
  email,
  role,
  error,
}: {
  name: string;
  email: string;
  role: Role | null;
  error?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-profile";
  return (
    <TitledCard
      title="Profile"
      description="Your account. Ask an admin to change your e-mail or role."
      contentClassName="grid gap-4"
    >
      <Form method="post" className="grid gap-4 sm:grid-cols-[auto_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="save-profile" />
        <Avatar size="lg" aria-hidden>
          {(name || email).charAt(0).toUpperCase()}
        </Avatar>
        <InputField
          id="profile-name"
          label="Name visitors see"
          hint="On booking pages and invitations; left empty, visitors see the agency's name."
          error={error}
          name="name"
          maxLength={MAX_DISPLAY_NAME_LENGTH}
          defaultValue={name}
          autoComplete="name"
        />
        <Button type="submit" disabled={busy}>
          Save name
        </Button>
      </Form>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="profile-email"
          label="Email"
          value={email}
          readOnly
          className="cursor-default bg-muted text-muted-foreground"
        />
        <SelectField id="profile-role" label="Role" value={role ?? ""} disabled onChange={() => {}}>
          <RoleOptions noRole={!role} />
        </SelectField>
      </div>
    </TitledCard>
  );
}
