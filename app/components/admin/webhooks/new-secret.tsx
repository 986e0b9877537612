import { KeyRoundIcon } from "lucide-react";
import type * as React from "react";
import { useState } from "react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { CopyButton } from "~/components/admin/copy-button";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { DialogClose, DialogFooter } from "~/components/ui/dialog";

const SHOWN_ONCE = "Copy it into the receiver now: it is not shown again. Rotate it to get a new one.";

function SecretValue({ secret }: { secret: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <code className="break-all rounded bg-muted px-2 py-1 text-xs" data-testid="webhook-secret-value">
        {secret}
      </code>
      <CopyButton text={secret} toastTitle="Copied" toastDescription="The signing secret is on the clipboard." />
    </div>
  );
}

/**
 * A signing secret, shown once right after it was made: in a dialog the person closes themselves,
 * wherever the page was scrolled. A click beside it does not close it, so the secret is not lost to
 * a stray click. The dialog exists only once React runs; without JavaScript the page, loaded afresh
 * at its top, shows the same secret inline instead.
 */
export function NewSecret({
  secret,
  children,
  returnFocusTo,
}: {
  secret: string;
  /** More to do once the secret is copied, e.g. a link to the new endpoint. */
  children?: React.ReactNode;
  /** Where focus goes when the dialog closes (it has no trigger to go back to). */
  returnFocusTo: () => HTMLElement | null | undefined;
}) {
  const [dismissed, setDismissed] = useState<string | null>(null);
  return (
    <>
      <noscript>
        <Alert data-testid="webhook-secret">
          <KeyRoundIcon aria-hidden />
          <AlertTitle>Signing secret</AlertTitle>
          <AlertDescription>
            <p>{SHOWN_ONCE}</p>
            <div className="mt-2">
              <SecretValue secret={secret} />
            </div>
            {children ? <div className="mt-2">{children}</div> : null}
          </AlertDescription>
        </Alert>
      </noscript>
      <AdminDialog
        open={dismissed !== secret}
        onOpenChange={(open) => setDismissed(open ? null : secret)}
        title={
          <span className="flex items-center gap-2">
            <KeyRoundIcon aria-hidden className="size-5" /> Signing secret
          </span>
        }
        description={SHOWN_ONCE}
        contentProps={{
          "data-testid": "webhook-secret",
          onInteractOutside: (event) => event.preventDefault(),
          onCloseAutoFocus: (event) => {
            const target = returnFocusTo();
            if (!target) return;
            event.preventDefault();
            target.focus();
          },
        }}
      >
        <SecretValue secret={secret} />
        {children ? <div className="text-sm">{children}</div> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button">I have copied it</Button>
          </DialogClose>
        </DialogFooter>
      </AdminDialog>
    </>
  );
}
