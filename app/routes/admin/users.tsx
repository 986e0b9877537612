import { KeyRoundIcon, LogOutIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { DateText } from "~/components/admin/date-text";
import { Field } from "~/components/admin/field";
import { useToastMessage } from "~/components/show-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { ROLES, roleLabels } from "~/lib/roles";
import {
  createUserSchema,
  newPasswordInput,
  resetPasswordSchema,
  setRoleSchema,
  userIdSchema,
} from "~/lib/schemas/staff";
import { toastMessage } from "~/lib/toast";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { parseForm, requireFormData } from "~/server/http/form-data.server";
import {
  createStaffUser,
  deleteStaffUser,
  listStaffUsers,
  resetStaffPassword,
  revokeStaffSessions,
  StaffUserError,
  setStaffDisabled,
  setStaffRole,
} from "~/server/users/staff-users.server";
import type { Route } from "./+types/users";

export function meta() {
  return [{ title: "Users | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return { users: await listStaffUsers(getServices(context).db), currentUserId: staff.id };
}

const intents = {
  create: { schema: createUserSchema, done: "User created successfully" },
  "set-role": { schema: setRoleSchema, done: "Role updated successfully" },
  disable: { schema: userIdSchema, done: "User disabled and signed out" },
  enable: { schema: userIdSchema, done: "User enabled" },
  "revoke-sessions": { schema: userIdSchema, done: "User signed out everywhere" },
  "reset-password": { schema: resetPasswordSchema, done: "Password reset; the user was signed out" },
  delete: { schema: userIdSchema, done: "User deleted" },
} as const;

type Intent = keyof typeof intents;

export async function action({ request, context }: Route.ActionArgs) {
  const actor = auditActor(requireStaff(context));
  const { db } = getServices(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent")) as Intent;
  if (!Object.hasOwn(intents, intent)) {
    return data(
      { intent, fieldErrors: {}, values: {}, toast: toastMessage("error", "Error", "Unknown action.") },
      { status: 400 },
    );
  }
  const parsed = parseForm(formData, intents[intent].schema);
  if (!parsed.ok) {
    const message = Object.values(parsed.fieldErrors)[0] ?? "Please check the form.";
    return data(
      {
        intent,
        fieldErrors: parsed.fieldErrors,
        values: parsed.values,
        toast: toastMessage("error", "Error", message),
      },
      { status: 400 },
    );
  }
  const input = parsed.data as Record<string, string>;
  try {
    switch (intent) {
      case "create":
        await createStaffUser(db, { email: input.email!, password: input.password!, role: input.role as never }, actor);
        break;
      case "set-role":
        await setStaffRole(db, input.userId!, input.role as never, actor);
        break;
      case "disable":
      case "enable":
        await setStaffDisabled(db, input.userId!, intent === "disable", actor);
        break;
      case "revoke-sessions":
        await revokeStaffSessions(db, input.userId!, actor);
        break;
      case "reset-password":
        await resetStaffPassword(db, input.userId!, input.password!, actor);
        break;
      case "delete":
        await deleteStaffUser(db, input.userId!, actor);
        break;
    }
  } catch (error) {
    if (!(error instanceof StaffUserError)) throw error;
    return data(
      {
        intent,
        fieldErrors: {},
        values: { email: input.email ?? "", role: input.role ?? "" },
        toast: toastMessage("error", "Error", error.message),
      },
      { status: 409 },
    );
  }
  return data({ intent, fieldErrors: {}, values: {}, toast: toastMessage("success", "Success", intents[intent].done) });
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const { users, currentUserId } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-bold text-2xl">Users</h1>
        <p className="text-muted-foreground">Staff accounts, their roles and their access.</p>
      </div>
      <CreateUserCard
        fieldErrors={actionData?.intent === "create" ? actionData.fieldErrors : {}}
        values={actionData?.intent === "create" ? actionData.values : {}}
        created={actionData?.intent === "create" && actionData.toast?.type === "success"}
      />
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Staff</h2>
          </CardTitle>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full min-w-[720px] text-sm">
            <thead className="text-left text-muted-foreground">
              <tr className="border-b">
                <th className="py-2 pr-3 font-medium">User</th>
                <th className="py-2 pr-3 font-medium">Role</th>
                <th className="py-2 pr-3 font-medium">Status</th>
                <th className="py-2 pr-3 font-medium">Last sign-in</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
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
                        containerClassName="w-36"
                      >
                        {user.role ? null : <NativeSelectOption value="">No role</NativeSelectOption>}
                        {ROLES.map((role) => (
                          <NativeSelectOption key={role} value={role}>
                            {roleLabels[role]}
                          </NativeSelectOption>
                        ))}
                      </NativeSelect>
                      <Button type="submit" size="sm" variant="outline">
                        Save
                      </Button>
                    </Form>
                  </td>
                  <td className="py-3 pr-3">
                    {user.disabled ? (
                      <Badge variant="outline">Disabled</Badge>
                    ) : (
                      <Badge variant="secondary">Active</Badge>
                    )}
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
                        <Button
                          type="submit"
                          size="sm"
                          variant="outline"
                          aria-label={`Sign out ${user.email} everywhere`}
                        >
                          <LogOutIcon /> Sign out
                        </Button>
                      </Form>
                      <ResetPasswordDialog userId={user.id} email={user.email} />
                      <ConfirmDialog
                        trigger={
                          <Button
                            size="sm"
                            variant="destructive"
                            disabled={user.id === currentUserId}
                            aria-label={`Delete ${user.email}`}
                          >
                            <Trash2Icon />
                          </Button>
                        }
                        title="Delete this user?"
                        description={`${user.email} will lose access at once. Their past activity stays in the audit log.`}
                        confirmLabel="Delete user"
                        fields={{ intent: "delete", userId: user.id }}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}

function CreateUserCard({
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
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Add a user</h2>
        </CardTitle>
        <CardDescription>
          They sign in with this e-mail and password; share the password with them safely.
        </CardDescription>
      </CardHeader>
      <CardContent>
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
                {ROLES.map((role) => (
                  <NativeSelectOption key={role} value={role}>
                    {roleLabels[role]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            Add user
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function ResetPasswordDialog({ userId, email }: { userId: string; email: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Reset password of ${email}`}>
          <KeyRoundIcon /> Reset password
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset password</DialogTitle>
          <DialogDescription>
            Set a new password for {email}. They are signed out everywhere and sign in with the new one.
          </DialogDescription>
        </DialogHeader>
        <Form method="post" className="grid gap-4" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value="reset-password" />
          <input type="hidden" name="userId" value={userId} />
          <Field id={`reset-${userId}`} label="New password" hint="At least 8 characters.">
            {(props) => <Input {...props} {...newPasswordInput} name="password" />}
          </Field>
          <DialogFooter>
            <Button type="submit">Reset password</Button>
          </DialogFooter>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
