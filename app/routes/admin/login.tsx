import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AdminToaster } from "~/components/admin/admin-toaster";
import { Field } from "~/components/admin/field";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { brand } from "~/content/brand";
import { loginSchema, MAX_PASSWORD_LENGTH, SIGN_IN_PASSWORD_MIN_LENGTH, twoFactorSchema } from "~/lib/schemas/staff";
import { safeAdminRedirect } from "~/server/auth/guard.server";
import { loadStaffSession } from "~/server/auth/session.server";
import { signInStep } from "~/server/auth/sign-in.server";
import { getServices } from "~/server/context.server";
import { parseForm, requireFormData } from "~/server/http/form-data.server";
import { isSetupComplete } from "~/server/users/staff-users.server";
import type { Route } from "./+types/login";

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
      { step, formError: null, fieldErrors: parsed.fieldErrors, values: parsed.values, toast: null },
      { status: 400 },
    );
  }
  return signInStep(context, request, step, parsed.data, parsed.data.redirectTo);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/login") === true;
  const step = actionData?.step ?? "password";
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
          {actionData?.formError ? (
            <noscript>
              <Alert variant="destructive" className="mb-4">
                <AlertDescription>{actionData.formError}</AlertDescription>
              </Alert>
            </noscript>
          ) : null}
          {step === "password" ? (
            <PasswordStep
              busy={busy}
              redirectTo={loaderData.redirectTo}
              fieldErrors={actionData?.fieldErrors ?? {}}
              email={(actionData?.values as Record<string, string> | undefined)?.email}
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

function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  );
}

function PasswordStep({
  busy,
  redirectTo,
  fieldErrors,
  email,
}: {
  busy: boolean;
  redirectTo?: string;
  fieldErrors: Record<string, string>;
  email?: string;
}) {
  return (
    <Form method="post" className="grid gap-4" noValidate={false}>
      <input type="hidden" name="step" value="password" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field id="email" label="Email" error={fieldErrors.email}>
        {(props) => (
          <Input {...props} name="email" type="email" autoComplete="username" required defaultValue={email} />
        )}
      </Field>
      <Field id="password" label="Password" error={fieldErrors.password}>
        {(props) => (
          <Input
            {...props}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            minLength={SIGN_IN_PASSWORD_MIN_LENGTH}
            maxLength={MAX_PASSWORD_LENGTH}
          />
        )}
      </Field>
      <SubmitButton busy={busy}>Sign In</SubmitButton>
    </Form>
  );
}

function TwoFactorStep({
  busy,
  redirectTo,
  fieldErrors,
}: {
  busy: boolean;
  redirectTo?: string;
  fieldErrors: Record<string, string>;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="step" value="two-factor" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <Field
        id="code"
        label="Authentication code"
        hint="The 6-digit code from your app, or one of your backup codes."
        error={fieldErrors.code}
      >
        {(props) => <Input {...props} ref={input} name="code" required autoComplete="one-time-code" maxLength={32} />}
      </Field>
      <SubmitButton busy={busy}>Verify</SubmitButton>
    </Form>
  );
}
