import { KeyRoundIcon } from "lucide-react";
import { CopyButton } from "~/components/admin/copy-button";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";

/** A signing secret, shown once right after it was made. */
export function NewSecret({ secret }: { secret: string }) {
  return (
    <Alert data-testid="webhook-secret">
      <KeyRoundIcon aria-hidden />
      <AlertTitle>Signing secret</AlertTitle>
      <AlertDescription>
        <p>Copy it into the receiver now: it is not shown again. Rotate it to get a new one.</p>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <code className="break-all rounded bg-muted px-2 py-1 text-xs" data-testid="webhook-secret-value">
            {secret}
          </code>
          <CopyButton text={secret} toastTitle="Copied" toastDescription="The signing secret is on the clipboard." />
        </div>
      </AlertDescription>
    </Alert>
  );
}
