import { CopyIcon, KeyRoundIcon, Trash2Icon } from "lucide-react";
import { Form, Link } from "react-router";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { CopyButton } from "~/components/admin/copy-button";
import { InputField } from "~/components/admin/form-fields";
import { RecordTable } from "~/components/admin/record-table";
import { TitledCard } from "~/components/admin/titled-card";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { API_AREAS, API_KEY_DEFAULT_DAYS, API_KEY_MAX_DAYS, apiAreaLabels } from "~/lib/schemas/api-keys";
import type { ApiKeyRow, CreatedApiKey } from "~/lib/types/api-keys";

function day(iso: string | null) {
  return iso ? iso.slice(0, 10) : "never";
}

function scopeOf(key: ApiKeyRow) {
  const areas = key.areas.length > 0 ? key.areas.map((area) => apiAreaLabels[area]).join(", ") : "All areas";
  return `${key.readOnly ? "Read-only" : "Read and write"} · ${areas}`;
}

function KeyTable({ keys, intent, showOwner }: { keys: ApiKeyRow[]; intent: string; showOwner: boolean }) {
  return (
    <div className="overflow-x-auto">
      <RecordTable
        columns={[...(showOwner ? ["Owner"] : []), "Name", "Key", "Scope", "Expires", "Last used"]}
        rows={keys}
        empty="No API keys."
      >
        {(key) => (
          <tr key={key.id} className="border-b last:border-0" data-testid="api-key-row">
            {showOwner ? <td className="py-2 pr-3">{key.ownerEmail}</td> : null}
            <td className="py-2 pr-3 font-medium">{key.name}</td>
            <td className="py-2 pr-3 font-mono text-xs">{key.prefix}…</td>
            <td className="py-2 pr-3">{scopeOf(key)}</td>
            <td className="py-2 pr-3">{day(key.expiresAt)}</td>
            <td className="py-2 pr-3">{day(key.lastUsedAt)}</td>
            <td className="py-2 text-right">
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="destructive" aria-label={`Revoke ${key.name}`}>
                    <Trash2Icon />
                  </Button>
                }
                title={`Revoke "${key.name}"?`}
                description="Tools using this key stop working at once. This cannot be undone."
                confirmLabel="Revoke key"
                fields={{ intent, keyId: key.id }}
              />
            </td>
          </tr>
        )}
      </RecordTable>
    </div>
  );
}

/**
 * Settings → API keys: a person's own keys (create, list, revoke), the new key shown once, and for
 * admins everyone else's keys to revoke.
 */
export function ApiKeysCard({
  own,
  others,
  created,
  fieldErrors,
  busy,
}: {
  own: ApiKeyRow[];
  others: ApiKeyRow[] | null;
  created: CreatedApiKey | undefined;
  fieldErrors: Record<string, string>;
  busy: boolean;
}) {
  return (
    <TitledCard
      title="API keys"
      description="Let your other tools and AI assistants work with your leads, bookings and content. A key can do what you may do, and no more."
    >
      <div className="space-y-6">
        {created ? (
          <Alert>
            <KeyRoundIcon aria-hidden />
            <AlertTitle>Copy your new key "{created.name}" now</AlertTitle>
            <AlertDescription>
              <p>It is not shown again. It expires on {day(created.expiresAt)}.</p>
              <code className="mt-2 block break-all rounded bg-muted p-2 font-mono text-xs" data-testid="new-api-key">
                {created.key}
              </code>
              <CopyButton
                text={created.key}
                toastTitle="API key copied"
                toastDescription="Paste it into your tool now."
                className="mt-2"
              >
                <CopyIcon aria-hidden /> Copy key
              </CopyButton>
            </AlertDescription>
          </Alert>
        ) : null}
        <Form method="post" className="grid gap-4 md:grid-cols-2">
          <input type="hidden" name="intent" value="create-api-key" />
          <InputField id="api-key-name" name="name" label="Name" error={fieldErrors.name} required maxLength={60} />
          <InputField
            id="api-key-expires"
            name="expiresDays"
            label="Expires after (days)"
            type="number"
            min={1}
            max={API_KEY_MAX_DAYS}
            defaultValue={API_KEY_DEFAULT_DAYS}
            error={fieldErrors.expiresDays}
          />
          <fieldset className="space-y-2 md:col-span-2">
            <legend className="font-medium text-sm">Areas (none ticked: every area your role opens)</legend>
            <div className="flex flex-wrap gap-4">
              {API_AREAS.map((area) => (
                <div key={area} className="flex items-center gap-2">
                  <input
                    id={`api-key-area-${area}`}
                    type="checkbox"
                    name="areas"
                    value={area}
                    className="size-4 accent-primary"
                  />
                  <Label htmlFor={`api-key-area-${area}`}>{apiAreaLabels[area]}</Label>
                </div>
              ))}
            </div>
            {fieldErrors.areas ? <p className="text-destructive text-sm">{fieldErrors.areas}</p> : null}
          </fieldset>
          <div className="flex items-center gap-2 md:col-span-2">
            <input id="api-key-read-only" type="checkbox" name="readOnly" className="size-4 accent-primary" />
            <Label htmlFor="api-key-read-only">Read-only</Label>
          </div>
          <div className="flex flex-wrap items-center gap-3 md:col-span-2">
            <Button type="submit" disabled={busy}>
              Create key
            </Button>
            <Link to="/admin/api" className="text-sm underline">
              API reference
            </Link>
          </div>
        </Form>
        <section className="space-y-2" aria-label="Your API keys">
          <h3 className="font-medium">Your keys</h3>
          <KeyTable keys={own} intent="revoke-api-key" showOwner={false} />
        </section>
        {others ? (
          <section className="space-y-2" aria-label="Everyone else's API keys">
            <h3 className="font-medium">Everyone else's keys</h3>
            <KeyTable keys={others} intent="revoke-any-api-key" showOwner />
          </section>
        ) : null}
      </div>
    </TitledCard>
  );
}
