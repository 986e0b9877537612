import { InputField, SelectField } from "~/components/admin/form-fields";
import { RoleOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { Avatar } from "~/components/ui/avatar";
import type { Role } from "~/lib/roles";

/** Who is signed in: e-mail and role, read only (an admin changes them). */
export function ProfileCard({ email, role }: { email: string; role: Role | null }) {
  return (
    <TitledCard
      title="Profile"
      description="Your account. Ask an admin to change your e-mail or role."
      contentClassName="grid gap-4 sm:grid-cols-[auto_1fr_1fr] sm:items-end"
    >
      <Avatar size="lg" aria-hidden>
        {email.charAt(0).toUpperCase()}
      </Avatar>
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
    </TitledCard>
  );
}
