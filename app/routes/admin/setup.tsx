import { data, Form, Link, useNavigation } from "react-router";
import { AdminToaster } from "~/components/admin/admin-toaster";
import { Field } from "~/components/admin/field";
import { useToastMessage } from "~/components/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { brand } from "~/content/brand";
import { setupSchema } from "~/lib/schemas/staff";
import { toastMessage } from "~/lib/toast";
import { getServices } from "~/server/context.server";
import { parseForm, requireFormData } from "~/server/forms.server";
import { redirectWithToast } from "~/server/toast.server";
import { createFirstAdmin, isSetupComplete, StaffUserError } from "~/server/users/staff-users.server";
import type { Route } from "./+types/setup";

export function meta() {
  return [{ title: `Admin Setup | ${brand.name}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { complete: await isSetupComplete(getServices(context).db) };
}

const SETUP_COMPLETE = "Setup is complete: an admin already exists. Sign in, or ask an admin for an account.";

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = getServices(context);
  const parsed = parseForm(await requireFormData(request), setupSchema);
  if (!parsed.ok) {
    const toast = parsed.fieldErrors.email
      ? toastMessage("error", "Email Required", "Please enter an email address.")
      : toastMessage("error", "Error", parsed.fieldErrors.password ?? "Failed to setup admin");
    return data({ fieldErrors: parsed.fieldErrors, values: parsed.values, toast, complete: false }, { status: 400 });
  }
  try {
    const created = await createFirstAdmin(db, parsed.data);
    if (!created) {
      return data(
        { fieldErrors: {}, values: {}, toast: toastMessage("error", "Error", SETUP_COMPLETE), complete: true },
        { status: 409 },
      );
    }
  } catch (error) {
    if (!(error instanceof StaffUserError)) throw error;
    return data(
      {
        fieldErrors: {},
        values: { email: parsed.data.email },
        toast: toastMessage("error", "Error", error.message),
        complete: false,
      },
      { status: 400 },
    );
  }
  return redirectWithToast("/admin/login", {
    type: "success",
    title: "Success!",
    description: "Admin role assigned successfully. Sign in with your new account.",
  });
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useToastMessage(actionData?.toast);
  const complete = loaderData.complete || actionData?.complete;
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
              <Field id="email" label="Email" error={fieldErrors.email}>
                {(props) => (
                  <Input
                    {...props}
                    name="email"
                    type="email"
                    autoComplete="username"
                    defaultValue={(actionData?.values as Record<string, string> | undefined)?.email}
                  />
                )}
              </Field>
              <Field id="password" label="Password" hint="At least 8 characters." error={fieldErrors.password}>
                {(props) => <Input {...props} name="password" type="password" autoComplete="new-password" />}
              </Field>
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
