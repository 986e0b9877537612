import { Form } from "react-router";
import { CopyButton } from "~/components/admin/copy-button";
import { Button } from "~/components/ui/button";

/**
 * The private address Google Ads' scheduled upload reads conversions from. Only its hash is kept, so
 * the address is shown once, right after it is made; making a new one or revoking turns the old off.
 */
export function ImportFile({ active, newUrl }: { active: boolean; newUrl: string | null }) {
  return (
    <div className="grid gap-2 rounded-md border p-3" data-testid="ad-import-file">
      <p className="font-medium text-sm">Scheduled import file (CSV)</p>
      <p className="text-muted-foreground text-sm">
        {active
          ? "A private address serves the last 90 days of conversions in Google's upload template."
          : "No address is active: Google Ads cannot import conversions by file."}
      </p>
      {newUrl ? (
        <div role="status" className="grid gap-2 text-sm" data-testid="ad-import-file-url">
          <p>Copy this address into Google Ads' scheduled upload now: it is not shown again.</p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-muted px-2 py-1 text-xs">{newUrl}</code>
            <CopyButton
              text={newUrl}
              toastTitle="Copied"
              toastDescription="The import file's address is on the clipboard."
              aria-label="Copy the import file's address"
            />
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="file-url" />
          <Button type="submit" variant="outline" size="sm">
            {active ? "Make a new address" : "Make an address"}
          </Button>
        </Form>
        {active ? (
          <Form method="post">
            <input type="hidden" name="intent" value="file-revoke" />
            <Button type="submit" variant="ghost" size="sm">
              Revoke the address
            </Button>
          </Form>
        ) : null}
      </div>
    </div>
  );
}
