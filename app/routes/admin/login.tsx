import { data, Link, redirect, useNavigation } from "react-router";
import { AdminToaster } from "~/components/admin/admin-toaster";
import { PasswordStep, TwoFactorStep } from "~/components/admin/login/sign-in-steps";
import type { RouteHandle } from "~/components/islands";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { brand } from "~/content/brand";
import { safeAdminRedirect } from "~/http/admin-guard.server";
import { getServices } from "~/http/context.server";
import { parseForm, requireFormData } from "~/http/form-data.server";
import { loginSchema, twoFactorSchema } from "~/lib/schemas/staff";
import { loadStaffSession } from "~/server/auth/session.server";
import { isSetupComplete } from "~/server/users/staff-users.server";
import type { Route } from "./+types/login";
import { signInAnswer, signInStep } from "./login.server";

/** The admin is an application: its pages load React in the browser. */
export const handle: RouteHandle = { hydrate: true };

export function meta() {
  return [{ title: `Sign in | ${brand.name} Admin` }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo") ?? undefined;
  const { identity } = await loadStaffSession(services, request);
  if (identity) throw redirect(identity.role ? safeAdminRedirect(redirectTo) : "/admin/unauthorized");
  return { redirectTo, setupAvailable: !(await isSetupComplete(services.db)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await requireFormData(request);
  const step = formData.get("step") === "two-factor" ? "two-factor" : "password";
  const parsed = parseForm(formData, step === "password" ? loginSchema : twoFactorSchema);
  if (!parsed.ok) {
    return data(
      signInAnswer(false, { step, formError: null }, { fieldErrors: parsed.fieldErrors, values: parsed.values }),
      { status: 400 },
    );
  }
  return signInStep(context, request, step, parsed.data, parsed.data.redirectTo);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login") === true;
  const step = actionData?.payload?.step ?? "password";
  useToastMessage(actionData?.toast);

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/30 px-4 py-12">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-xl">{step === "password" ? "Admin Sign In" : "Two-factor authentication"}</h1>
          </CardTitle>
          <CardDescription>
            {step === "password"
              ? `Sign in to manage ${brand.name}.`
              : "Enter the 6-digit code from your authenticator app."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {/* With JavaScript the failure is the "Sign In Failed" toast; this says it once where toasts cannot. */}
          {actionData?.payload?.formError ? (
            <noscript>
              <Alert variant="destructive" className="mb-4">
                <AlertDescription>{actionData.payload.formError}</AlertDescription>
              </Alert>
            </noscript>
          ) : null}
          {step === "password" ? (
            <PasswordStep
              busy={busy}
              redirectTo={loaderData.redirectTo}
              fieldErrors={actionData?.fieldErrors ?? {}}
              email={actionData?.values.email}
            />
          ) : (
            <TwoFactorStep busy={busy} redirectTo={loaderData.redirectTo} fieldErrors={actionData?.fieldErrors ?? {}} />
          )}
          {loaderData.setupAvailable ? (
            <p className="mt-6 text-center text-muted-foreground text-sm">
              First time here?{" "}
              <Link className="text-primary underline underline-offset-4" to="/admin/setup">
                Create the first admin
              </Link>
            </p>
          ) : null}
        </CardContent>
      </Card>
      <AdminToaster />
    </main>
  );
}
