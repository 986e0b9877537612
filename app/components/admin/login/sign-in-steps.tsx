import type * as React from "react";
import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { MAX_PASSWORD_LENGTH, SIGN_IN_PASSWORD_MIN_LENGTH } from "~/lib/schemas/staff";

function SubmitButton({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <Button type="submit" className="w-full" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner /> : null}
      {children}
    </Button>
  );
}

/** The first step: e-mail and password. */
export function PasswordStep({
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

/** The second step, for accounts with two-factor authentication: the code from the app. */
export function TwoFactorStep({
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
