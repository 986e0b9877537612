import { data, Form, useNavigation } from "react-router";
import { Field } from "~/components/admin/field";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { ROLES, roleLabels } from "~/lib/roles";
import { changePasswordSchema, passwordConfirmationSchema, totpCodeSchema } from "~/lib/schemas/staff";
import { toastMessage } from "~/lib/toast";
import { changePassword, confirmTwoFactor, disableTwoFactor, startTwoFactor } from "~/server/auth/profile.server";
import { requireStaff } from "~/server/auth/session.server";
import { parseForm } from "~/server/forms.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Settings | Admin" }];
}

export function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  return { email: staff.email, role: staff.role, twoFactorEnabled: staff.twoFactorEnabled };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent"));
  const invalid = (fieldErrors: Record<string, string>) =>
    data(
      {
        intent,
        fieldErrors,
        toast: toastMessage("error", "Error", Object.values(fieldErrors)[0] ?? "Please check the form."),
      },
      { status: 400 },
    );
  switch (intent) {
    case "change-password": {
      const parsed = parseForm(formData, changePasswordSchema);
      if (!parsed.ok) return invalid(parsed.fieldErrors);
      return changePassword(context, request, staff, parsed.data);
    }
    case "enable-2fa": {
      const parsed = parseForm(formData, passwordConfirmationSchema);
      if (!parsed.ok) return invalid(parsed.fieldErrors);
      return startTwoFactor(context, request, parsed.data.password);
    }
    case "confirm-2fa": {
      const parsed = parseForm(formData, totpCodeSchema);
      const totpUri = String(formData.get("totpUri") ?? "");
      if (!parsed.ok) return invalid(parsed.fieldErrors);
      return confirmTwoFactor(context, request, staff, { code: parsed.data.code, totpUri });
    }
    case "disable-2fa": {
      const parsed = parseForm(formData, passwordConfirmationSchema);
      if (!parsed.ok) return invalid({ disablePassword: parsed.fieldErrors.password ?? "Please enter your password." });
      return disableTwoFactor(context, request, staff, parsed.data.password);
    }
    default:
      return invalid({ form: "Unknown action." });
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  const enrolment = actionData && "enrolment" in actionData ? actionData.enrolment : undefined;

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h1 className="font-bold text-2xl">Settings</h1>
        <Badge variant="secondary">Admin Panel</Badge>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Profile</h2>
          </CardTitle>
          <CardDescription>Your account. Ask an admin to change your e-mail or role.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr_1fr] sm:items-end">
          <Avatar size="lg" aria-hidden>
            {loaderData.email.charAt(0).toUpperCase()}
          </Avatar>
          <Field id="profile-email" label="Email">
            {(props) => <Input {...props} value={loaderData.email} readOnly />}
          </Field>
          <Field id="profile-role" label="Role">
            {(props) => (
              <NativeSelect {...props} value={loaderData.role ?? ""} disabled onChange={() => {}}>
                {loaderData.role ? null : <NativeSelectOption value="">No role</NativeSelectOption>}
                {ROLES.map((role) => (
                  <NativeSelectOption key={role} value={role}>
                    {roleLabels[role]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </Field>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Change password</h2>
          </CardTitle>
          <CardDescription>Changing it signs you out on your other devices.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            className="grid max-w-md gap-4"
            key={actionData?.intent === "change-password" && actionData.toast?.type === "success" ? "done" : "form"}
          >
            <input type="hidden" name="intent" value="change-password" />
            <Field id="current-password" label="Current password" error={fieldErrors.currentPassword}>
              {(props) => (
                <Input {...props} name="currentPassword" type="password" required autoComplete="current-password" />
              )}
            </Field>
            <Field id="new-password" label="New password" hint="At least 8 characters." error={fieldErrors.newPassword}>
              {(props) => (
                <Input
                  {...props}
                  name="newPassword"
                  type="password"
                  required
                  minLength={8}
                  autoComplete="new-password"
                />
              )}
            </Field>
            <Field id="confirm-password" label="Confirm new password" error={fieldErrors.confirmPassword}>
              {(props) => (
                <Input
                  {...props}
                  name="confirmPassword"
                  type="password"
                  required
                  minLength={8}
                  autoComplete="new-password"
                />
              )}
            </Field>
            <Button type="submit" className="justify-self-start" disabled={busyWith === "change-password"}>
              Change password
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Two-factor authentication</h2>
          </CardTitle>
          <CardDescription>
            {loaderData.twoFactorEnabled
              ? "On: signing in asks for a code from your authenticator app."
              : "Add a code from an authenticator app to your password when you sign in."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.twoFactorEnabled ? (
            <Form method="post" className="grid max-w-md gap-4">
              <input type="hidden" name="intent" value="disable-2fa" />
              <Field id="disable-password" label="Password" error={fieldErrors.disablePassword}>
                {(props) => (
                  <Input {...props} name="password" type="password" required autoComplete="current-password" />
                )}
              </Field>
              <Button
                type="submit"
                variant="destructive"
                className="justify-self-start"
                disabled={busyWith === "disable-2fa"}
              >
                Turn off two-factor authentication
              </Button>
            </Form>
          ) : enrolment ? (
            <div className="grid gap-6 md:grid-cols-[auto_1fr]">
              <div
                className="size-48 rounded-md border bg-white p-2"
                role="img"
                aria-label="QR code for your authenticator app"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on our server by the qrcode library from the TOTP URI.
                dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
              />
              <div className="grid gap-4">
                <p className="text-sm">
                  Scan the code with your authenticator app, or enter this key:{" "}
                  <code className="break-all rounded bg-muted px-1 font-mono text-xs" data-testid="totp-secret">
                    {new URL(enrolment.totpUri).searchParams.get("secret")}
                  </code>
                </p>
                {enrolment.backupCodes.length > 0 ? (
                  <Alert>
                    <AlertTitle>Save your backup codes now</AlertTitle>
                    <AlertDescription>
                      <p>Each works once if you lose your device. They will not be shown again.</p>
                      <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
                        {enrolment.backupCodes.map((code) => (
                          <li key={code}>{code}</li>
                        ))}
                      </ul>
                    </AlertDescription>
                  </Alert>
                ) : null}
                <Form method="post" className="grid max-w-xs gap-4">
                  <input type="hidden" name="intent" value="confirm-2fa" />
                  <input type="hidden" name="totpUri" value={enrolment.totpUri} />
                  <Field id="totp-code" label="Code from the app" error={fieldErrors.code}>
                    {(props) => (
                      <Input
                        {...props}
                        name="code"
                        required
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        pattern="\d{6}"
                        maxLength={6}
                      />
                    )}
                  </Field>
                  <Button type="submit" className="justify-self-start" disabled={busyWith === "confirm-2fa"}>
                    Confirm and turn on
                  </Button>
                </Form>
              </div>
            </div>
          ) : (
            <Form method="post" className="grid max-w-md gap-4">
              <input type="hidden" name="intent" value="enable-2fa" />
              <Field id="enable-password" label="Password" error={fieldErrors.password}>
                {(props) => (
                  <Input {...props} name="password" type="password" required autoComplete="current-password" />
                )}
              </Field>
              <Button type="submit" className="justify-self-start" disabled={busyWith === "enable-2fa"}>
                Set up two-factor authentication
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
