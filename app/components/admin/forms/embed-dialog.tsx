import { CodeIcon, CopyIcon } from "lucide-react";
import { AdminDialog } from "~/components/admin/admin-dialog";
import { CopyButton } from "~/components/admin/copy-button";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { embedSnippet, formEndpoint } from "~/lib/embed-snippet";
import type { FormWithCounters } from "~/lib/types/forms";

/** The HTML to paste into another site so its form posts here. */
export function EmbedDialog({ form, baseUrl }: { form: FormWithCounters; baseUrl: string }) {
  const snippet = embedSnippet(baseUrl, form.id);
  return (
    <AdminDialog
      trigger={
        <Button size="sm" variant="outline" aria-label={`Embed ${form.name}`}>
          <CodeIcon aria-hidden /> Embed
        </Button>
      }
      title={<>Embed "{form.name}"</>}
      description={
        <>
          Paste this HTML into any web page. It posts to{" "}
          <code className="break-all text-xs">{formEndpoint(baseUrl, form.id)}</code>
          {form.status === "active"
            ? "."
            : `, which accepts submissions only while the form is active (it is ${form.status} now).`}
        </>
      }
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <pre
        className="max-h-80 overflow-auto rounded-md bg-muted p-3 text-xs"
        data-testid="embed-snippet"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the snippet scrolls and must be reachable by keyboard.
        tabIndex={0}
      >
        <code>{snippet}</code>
      </pre>
      <DialogFooter>
        <CopyButton text={snippet} toastTitle="Copied!" toastDescription="Embed code copied to clipboard">
          <CopyIcon aria-hidden /> Copy code
        </CopyButton>
      </DialogFooter>
    </AdminDialog>
  );
}
