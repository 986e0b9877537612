import { data, Form, Link, useNavigation } from "react-router";
import { AdminToaster } from "~/components/admin/admin-toaster";
import { InputField, SelectField, TextareaField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import type { RouteHandle } from "~/components/islands";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Spinner } from "~/components/ui/spinner";
import { brand } from "~/content/brand";
import { actionResult } from "~/http/action-result.server";
import { getServices } from "~/http/context.server";
import { parseForm, requireFormData } from "~/http/form-data.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { timeZoneChoices } from "~/lib/schemas/booking";
import { FIRST_HOURS_WEEKLY, firstHoursSchema } from "~/lib/schemas/first-hours";
import { MAX_DISPLAY_NAME_LENGTH, setupSchema } from "~/lib/schemas/staff";
import { type ToastMessage, toastMessage } from "~/lib/toast";
import type { FieldErrors } from "~/lib/types/action-result";
import { AppError } from "~/server/app-error.server";
import { setFirstAdminHours } from "~/server/bookings/first-hours.server";
import { getAgencyTimeZone } from "~/server/settings/time-zone.server";
import { forgetSetupCode, isSetupCodeValid } from "~/server/users/setup-code.server";
import { createFirstAdmin, isSetupComplete } from "~/server/users/staff-users.server";
import type { Route } from "./+types/setup";

/** The admin is an application: its pages load React in the browser. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: `Admin Setup | ${brand.name}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  return { complete: await isSetupComplete(db), agencyTimeZone: await getAgencyTimeZone(db), zones: timeZoneChoices() };
}

const SETUP_COMPLETE = "Setup is complete: an admin already exists. Sign in, or ask an admin for an account.";
const WRONG_SETUP_CODE =
  'That setup code is not right. The server prints it in its log at start; "npm run cli -- setup-code" prints it too.';

/** What a refused setup answers besides its messages: whether setup is complete (an admin exists). */
type SetupRefusal = { complete: boolean };

function refused(
  toast: ToastMessage,
  status: number,
  {
    fieldErrors = {},
    values = {},
    complete = false,
  }: { fieldErrors?: FieldErrors; values?: Record<string, string> } & Partial<SetupRefusal>,
) {
  return data(actionResult<SetupRefusal>("setup", false, { toast, fieldErrors, values, payload: { complete } }), {
    status,
  });
}

function setupComplete() {
  return refused(toastMessage("error", "Error", SETUP_COMPLETE), 409, { complete: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const formData = await requireFormData(request);
  const parsed = parseForm(formData, setupSchema);
  if (!parsed.ok) {
    const toast = parsed.fieldErrors.email
      ? toastMessage("error", "Email Required", "Please enter an email address.")
      : toastMessage(
          "error",
          "Error",
          parsed.fieldErrors.password ?? parsed.fieldErrors.setupCode ?? "Failed to setup admin",
        );
    const { setupCode: _never, ...values } = parsed.values;
    return refused(toast, 400, { fieldErrors: parsed.fieldErrors, values });
  }
  // A setup sent without the hours fields (an older form, a script) gets the prefilled ones.
  const sentHours = new FormData();
  sentHours.set("timeZone", String(formData.get("timeZone") ?? (await getAgencyTimeZone(db))));
  sentHours.set("weekly", String(formData.get("weekly") ?? FIRST_HOURS_WEEKLY));
  const hours = parseForm(sentHours, firstHoursSchema);
  if (!hours.ok) {
    const message = hours.fieldErrors.weekly ?? hours.fieldErrors.timeZone ?? "Please check your hours.";
    return refused(toastMessage("error", "Error", message), 400, {
      fieldErrors: hours.fieldErrors,
      values: { email: parsed.data.email, ...hours.values },
    });
  }
  if (await isSetupComplete(db)) return setupComplete();
  if (!(await isSetupCodeValid(db, parsed.data.setupCode))) {
    return refused(toastMessage("error", "Error", WRONG_SETUP_CODE), 400, {
      fieldErrors: { setupCode: WRONG_SETUP_CODE },
      values: { email: parsed.data.email, name: parsed.data.name },
    });
  }
  try {
    const created = await createFirstAdmin(db, {
      email: parsed.data.email,
      name: parsed.data.name,
      password: parsed.data.password,
    });
    if (!created) return setupComplete();
    await forgetSetupCode(db);
    await setFirstAdminHours(db, created.id, hours.data, { id: created.id, email: created.email });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refused(toastMessage("error", "Error", error.message), error.status, {
      fieldErrors: error.field ? { [error.field]: error.message } : {},
      values: { email: parsed.data.email, name: parsed.data.name },
    });
  }
  return redirectWithToast("/admin/login", {
    type: "success",
    title: "Success!",
    description: "Admin role assigned successfully. Sign in with your new account.",
  });
}

/** Each zone as people read it: "America/New York" for America/New_York. */
const zoneLabels = (zones: string[]) => Object.fromEntries(zones.map((zone) => [zone, zone.replaceAll("_", " ")]));

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useToastMessage(actionData?.toast);
  const complete = loaderData.complete || actionData?.payload?.complete;
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/30 px-4 py-12">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-xl">Admin Setup</h1>
          </CardTitle>
          <CardDescription>
            {complete ? SETUP_COMPLETE : "Create the first administrator account for this site."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {complete ? (
            <Button asChild className="w-full">
              <Link to="/admin/login">Go to sign in</Link>
            </Button>
          ) : (
            <Form method="post" className="grid gap-4" noValidate>
              <InputField
                id="email"
                label="Email"
                error={fieldErrors.email}
                name="email"
                type="email"
                autoComplete="username"
                defaultValue={actionData?.values.email}
              />
              <InputField
                id="name"
                label="Your name"
                hint="Visitors see it when they book a call with you; left empty, they see the agency's name."
                error={fieldErrors.name}
                name="name"
                autoComplete="name"
                maxLength={MAX_DISPLAY_NAME_LENGTH}
                defaultValue={actionData?.values.name}
              />
              <InputField
                id="password"
                label="Password"
                hint="At least 12 characters; common passwords are refused."
                error={fieldErrors.password}
                name="password"
                type="password"
                autoComplete="new-password"
              />
              <InputField
                id="setupCode"
                label="Setup code"
                hint='The server prints it in its log at start; "npm run cli -- setup-code" prints it too.'
                error={fieldErrors.setupCode}
                name="setupCode"
                autoComplete="off"
                spellCheck={false}
                className="font-mono"
              />
              <fieldset className="grid gap-4 rounded-md border p-3">
                <legend className="px-1 font-medium text-sm">Your hours for calls</legend>
                <TextareaField
                  id="weekly"
                  label="Weekly hours"
                  hint='Visitors book calls in these hours; one range a line, such as "mon-fri 09:00-17:00".'
                  error={fieldErrors.weekly}
                  name="weekly"
                  rows={2}
                  defaultValue={actionData?.values.weekly ?? FIRST_HOURS_WEEKLY}
                />
                <SelectField
                  id="timeZone"
                  label="Time zone of these hours"
                  error={fieldErrors.timeZone}
                  name="timeZone"
                  defaultValue={actionData?.values.timeZone ?? loaderData.agencyTimeZone}
                >
                  <SelectOptions values={loaderData.zones} labels={zoneLabels(loaderData.zones)} />
                </SelectField>
              </fieldset>
              <Button type="submit" disabled={busy} aria-busy={busy}>
                {busy ? <Spinner /> : null}
                Make Admin
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
      <AdminToaster />
    </main>
  );
}
