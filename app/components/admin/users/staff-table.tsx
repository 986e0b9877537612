import { LogOutIcon } from "lucide-react";
import { Form } from "react-router";
import { DeleteConfirm } from "~/components/admin/confirm-dialog";
import { DateText } from "~/components/admin/date-text";
import { RecordTable } from "~/components/admin/record-table";
import { RoleOptions } from "~/components/admin/select-options";
import { TitledCard } from "~/components/admin/titled-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import type { StaffUser } from "~/lib/types/staff";
import { ResetPasswordDialog } from "./reset-password-dialog";

/** The staff list: each user's role (changed in place), status, last sign-in and account actions. */
export function StaffTable({ users, currentUserId }: { users: StaffUser[]; currentUserId: string }) {
  return (
    <TitledCard title="Staff" contentClassName="overflow-x-auto">
      <RecordTable columns={["User", "Role", "Status", "Last sign-in"]} rows={users}>
        {(user) => (
          <tr key={user.id} className="border-b align-middle last:border-0" data-testid={`user-${user.email}`}>
            <td className="py-3 pr-3">
              <div className="font-medium">{user.email}</div>
              {user.twoFactorEnabled ? <div className="text-muted-foreground text-xs">Two-factor on</div> : null}
            </td>
            <td className="py-3 pr-3">
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="set-role" />
                <input type="hidden" name="userId" value={user.id} />
                <NativeSelect
                  name="role"
                  defaultValue={user.role ?? ""}
                  aria-label={`Role of ${user.email}`}
                  containerClassName="w-44"
                >
                  <RoleOptions noRole={!user.role} />
                </NativeSelect>
                <Button type="submit" size="sm" variant="outline">
                  Save
                </Button>
              </Form>
            </td>
            <td className="py-3 pr-3">
              {user.disabled ? <Badge variant="outline">Disabled</Badge> : <Badge variant="secondary">Active</Badge>}
            </td>
            <td className="py-3 pr-3 text-muted-foreground">
              {user.lastSignInAt ? <DateText iso={user.lastSignInAt} withTime /> : "Never"}
            </td>
            <td className="py-3">
              <div className="flex flex-wrap justify-end gap-2">
                <Form method="post">
                  <input type="hidden" name="intent" value={user.disabled ? "enable" : "disable"} />
                  <input type="hidden" name="userId" value={user.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={user.id === currentUserId}>
                    {user.disabled ? "Enable" : "Disable"}
                  </Button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-sessions" />
                  <input type="hidden" name="userId" value={user.id} />
                  <Button type="submit" size="sm" variant="outline" aria-label={`Sign out ${user.email} everywhere`}>
                    <LogOutIcon /> Sign out
                  </Button>
                </Form>
                <ResetPasswordDialog userId={user.id} email={user.email} />
                <DeleteConfirm
                  name={user.email}
                  disabled={user.id === currentUserId}
                  title="Delete this user?"
                  description={`${user.email} will lose access at once. Their past activity stays in the audit log.`}
                  confirmLabel="Delete user"
                  fields={{ intent: "delete", userId: user.id }}
                />
              </div>
            </td>
          </tr>
        )}
      </RecordTable>
    </TitledCard>
  );
}
