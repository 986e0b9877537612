import { Form } from "react-router";
import { InputField, SelectField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { Button } from "~/components/ui/button";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FORMATS,
  type WebhookEventType,
  type WebhookFormat,
  webhookEventLabels,
  webhookFormatLabels,
} from "~/lib/schemas/webhooks";

export type EndpointFormValues = {
  url: string;
  description: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  includeSpam: boolean;
};

/** What was typed before a refusal, back in the form's shape. */
export function endpointFormValues(values: Record<string, string>, fallback: EndpointFormValues): EndpointFormValues {
  if (!values.intent) return fallback;
  return {
    url: values.url ?? "",
    description: values.description ?? "",
    events: (values.events ?? "").split(",").filter(Boolean) as WebhookEventType[],
    format: (values.format as WebhookFormat) || "standard",
    includeSpam: values.includeSpam === "on",
  };
}

/** The endpoint's URL, events, format and spam choice; the same form adds and edits. */
export function EndpointForm({
  intent,
  endpointId,
  values,
  fieldErrors,
  allowPrivate,
  submitLabel,
}: {
  intent: "create" | "update";
  endpointId?: string;
  values: EndpointFormValues;
  fieldErrors: Record<string, string>;
  allowPrivate: boolean;
  submitLabel: string;
}) {
  const prefix = `webhook-${intent}`;
  return (
    <Form method="post" className="grid gap-4" data-testid={`${prefix}-form`}>
      <input type="hidden" name="intent" value={intent} />
      {endpointId ? <input type="hidden" name="endpointId" value={endpointId} /> : null}
      <InputField
        id={`${prefix}-url`}
        label="Endpoint URL"
        error={fieldErrors.url}
        hint={
          allowPrivate
            ? "WEBHOOK_ALLOW_PRIVATE is set: http and addresses on private networks are allowed."
            : "An https address on the public internet, such as a Zapier, Make or Slack incoming-webhook URL."
        }
        name="url"
        type="url"
        required
        maxLength={2000}
        defaultValue={values.url}
        placeholder="https://hooks.example.com/leads"
      />
      <InputField
        id={`${prefix}-description`}
        label="Description"
        error={fieldErrors.description}
        name="description"
        maxLength={500}
        defaultValue={values.description}
        placeholder="HubSpot via Zapier"
      />
      <fieldset className="grid gap-2" aria-describedby={fieldErrors.events ? `${prefix}-events-error` : undefined}>
        <legend className="mb-1 font-medium text-sm">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <div key={event} className="flex items-center gap-2">
            <NativeCheckbox
              id={`${prefix}-event-${event}`}
              name="events"
              value={event}
              defaultChecked={values.events.includes(event)}
            />
            <Label htmlFor={`${prefix}-event-${event}`} className="font-normal">
              <code className="text-xs">{event}</code>{" "}
              <span className="text-muted-foreground">{webhookEventLabels[event]}</span>
            </Label>
          </div>
        ))}
        {fieldErrors.events ? (
          <p id={`${prefix}-events-error`} data-slot="field-error" className="text-destructive text-sm" role="alert">
            {fieldErrors.events}
          </p>
        ) : null}
      </fieldset>
      <SelectField
        id={`${prefix}-format`}
        label="Format"
        error={fieldErrors.format}
        name="format"
        defaultValue={values.format}
      >
        <SelectOptions values={WEBHOOK_FORMATS} labels={webhookFormatLabels} />
      </SelectField>
      <div className="flex items-center gap-2">
        <NativeCheckbox id={`${prefix}-spam`} name="includeSpam" defaultChecked={values.includeSpam} />
        <Label htmlFor={`${prefix}-spam`} className="font-normal">
          Also send suspected spam (marked <code className="text-xs">is_spam</code>)
        </Label>
      </div>
      <div>
        <Button type="submit">{submitLabel}</Button>
      </div>
    </Form>
  );
}
