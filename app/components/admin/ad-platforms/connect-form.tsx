import { Form } from "react-router";
import { SelectField, TextareaField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { Button } from "~/components/ui/button";
import { AD_PLATFORM_NAMES, adPlatformLabels } from "~/lib/schemas/ads";

const example = `{ "datasetId": "123456789", "accessToken": "…", "stages": { "lead": "Lead", "client": "Purchase" } }`;

/** Connects a platform from the same JSON file ads:connect reads; the secret never comes back to the page. */
export function ConnectForm({
  fieldErrors,
  allowPrivate,
}: {
  fieldErrors: Record<string, string>;
  allowPrivate: boolean;
}) {
  return (
    <Form method="post" className="grid gap-4" data-testid="ad-connect-form">
      <input type="hidden" name="intent" value="connect" />
      <SelectField
        id="ad-connect-platform"
        label="Platform"
        name="platform"
        error={fieldErrors.platform}
        defaultValue="google"
      >
        <SelectOptions values={AD_PLATFORM_NAMES} labels={adPlatformLabels} />
      </SelectField>
      <TextareaField
        id="ad-connect-config"
        label="Connection (JSON)"
        name="config"
        rows={8}
        required
        spellCheck={false}
        autoComplete="off"
        className="font-mono text-xs"
        error={fieldErrors.config}
        hint={
          <>
            Google: serviceAccountKey, customerId, stages (conversion action ids). Meta: datasetId, accessToken, stages
            (event names). LinkedIn: accessToken, stages (conversion rule URNs). Optional values per stage in the given
            currency, e.g. "values": {"{"}"client": "estimate", "qualified": 200{"}"}, "currency": "USD" (client may
            take the estimate's monthly total). Optional apiUrl
            {allowPrivate ? " (private addresses allowed: WEBHOOK_ALLOW_PRIVATE is set)." : " (public https only)."} For
            example: <code className="break-all">{example}</code>
          </>
        }
      />
      <div>
        <Button type="submit">Connect</Button>
      </div>
    </Form>
  );
}
