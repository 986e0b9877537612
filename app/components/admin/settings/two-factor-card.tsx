import { CopyIcon, DownloadIcon } from "lucide-react";
import { Form } from "react-router";
import { CopyButton } from "~/components/admin/copy-button";
import { InputField, PasswordField } from "~/components/admin/form-fields";
import { TitledCard } from "~/components/admin/titled-card";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { TwoFactorEnrolment } from "~/lib/types/staff";

/** Copy or download the backup codes, one a line; the download is a plain link, so it works without scripts. */
function BackupCodeActions({ codes }: { codes: string[] }) {
  const text = `${codes.join("\n")}\n`;
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <CopyButton text={text} toastTitle="Backup codes copied" toastDescription="Keep them somewhere safe.">
        <CopyIcon aria-hidden /> Copy codes
      </CopyButton>
      <Button asChild variant="outline" size="sm">
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="backup-codes.txt">
          <DownloadIcon aria-hidden /> Download codes
        </a>
      </Button>
    </div>
  );
}

/** Two-factor authentication: turn it on (password, then the QR code and a first code) or off. */
export function TwoFactorCard({
  enabled,
  enrolment,
  fieldErrors,
  busyWith,
}: {
  enabled: boolean;
  enrolment: TwoFactorEnrolment | undefined;
  fieldErrors: Record<string, string>;
  busyWith: string | null;
}) {
  return (
    <TitledCard
      title="Two-factor authentication"
      description={
        enabled
          ? "On: signing in asks for a code from your authenticator app."
          : "Add a code from an authenticator app to your password when you sign in."
      }
    >
      {enabled ? (
        <PasswordStepForm
          intent="disable-2fa"
          error={fieldErrors.password}
          busy={busyWith === "disable-2fa"}
          submitLabel="Turn off two-factor authentication"
          destructive
        />
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
                  <ul
                    className="mt-2 grid w-fit grid-cols-2 gap-x-8 gap-y-1 font-mono text-sm"
                    data-testid="backup-codes"
                  >
                    {enrolment.backupCodes.map((code) => (
                      <li key={code}>{code}</li>
                    ))}
                  </ul>
                  <BackupCodeActions codes={enrolment.backupCodes} />
                </AlertDescription>
              </Alert>
            ) : null}
            <Form method="post" className="grid max-w-xs gap-4">
              <input type="hidden" name="intent" value="confirm-2fa" />
              <input type="hidden" name="totpUri" value={enrolment.totpUri} />
              <InputField
                id="totp-code"
                label="Code from the app"
                error={fieldErrors.code}
                name="code"
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="\d{6}"
                maxLength={6}
              />
              <Button type="submit" className="justify-self-start" disabled={busyWith === "confirm-2fa"}>
                Confirm and turn on
              </Button>
            </Form>
          </div>
        </div>
      ) : (
        <PasswordStepForm
          intent="enable-2fa"
          error={fieldErrors.password}
          busy={busyWith === "enable-2fa"}
          submitLabel="Set up two-factor authentication"
        />
      )}
    </TitledCard>
  );
}

/** Turning two-factor authentication on or off starts with the password. */
function PasswordStepForm({
  intent,
  error,
  busy,
  submitLabel,
  destructive = false,
}: {
  intent: "enable-2fa" | "disable-2fa";
  error: string | undefined;
  busy: boolean;
  submitLabel: string;
  destructive?: boolean;
}) {
  return (
    <Form method="post" className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value={intent} />
      <PasswordField
        id={intent === "enable-2fa" ? "enable-password" : "disable-password"}
        label="Password"
        error={error}
        name="password"
      />
      <Button
        type="submit"
        variant={destructive ? "destructive" : undefined}
        className="justify-self-start"
        disabled={busy}
      >
        {submitLabel}
      </Button>
    </Form>
  );
}
