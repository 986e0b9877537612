import { Form } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { CONSENT_DEFAULTS } from "~/lib/consent";
import type { VisibleSiteSettings } from "~/routes/admin/settings.server";
import type { FormProps } from "./site-information-form";

type PrivacyKey = keyof NonNullable<VisibleSiteSettings["privacy"]>;

/** The consent banner, whom it asks, the head code's category and how long visitor data is kept. */
export function PrivacyForm({
  site,
  fieldErrors,
  typed,
  busy,
}: FormProps<NonNullable<VisibleSiteSettings["privacy"]>>) {
  const value = (key: PrivacyKey, fallback: string | number) => typed[key] ?? site[key] ?? String(fallback);
  const select = (
    key: PrivacyKey,
    id: string,
    label: string,
    hint: string,
    fallback: string,
    options: [string, string][],
  ) => (
    <Field id={id} label={label} error={fieldErrors[key]} hint={hint}>
      {(props) => (
        <NativeSelect {...props} name={key} defaultValue={value(key, fallback)}>
          {options.map(([optionValue, optionLabel]) => (
            <NativeSelectOption key={optionValue} value={optionValue}>
              {optionLabel}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
  const months = (key: PrivacyKey, id: string, label: string, fallback: number) => (
    <Field id={id} label={label} error={fieldErrors[key]} hint={`Months; ${fallback} by default.`}>
      {(props) => (
        <Input
          {...props}
          name={key}
          type="number"
          min={1}
          max={120}
          step={1}
          required
          defaultValue={value(key, fallback)}
        />
      )}
    </Field>
  );
  return (
    <Form method="post" className="grid max-w-2xl gap-4">
      <input type="hidden" name="intent" value="save-privacy" />
      <div className="grid gap-4 sm:grid-cols-2">
        {select("consent_banner", "consent-banner", "Consent banner", "Off loads every tag without asking.", "on", [
          ["on", "On"],
          ["off", "Off"],
        ])}
        {select(
          "consent_scope",
          "consent-scope",
          "Ask for consent",
          "Countries that require it: the EU, the EEA, the UK and Switzerland.",
          CONSENT_DEFAULTS.scope,
          [
            ["required", "Only in countries that require it"],
            ["everyone", "Of every visitor"],
          ],
        )}
        <Field
          id="consent-policy-version"
          label="Policy version"
          error={fieldErrors.consent_policy_version}
          hint="Raise it when the privacy or cookie wording changes: every visitor is asked again."
        >
          {(props) => (
            <Input
              {...props}
              name="consent_policy_version"
              type="number"
              min={1}
              step={1}
              required
              defaultValue={value("consent_policy_version", CONSENT_DEFAULTS.policyVersion)}
            />
          )}
        </Field>
        {select(
          "custom_head_code_category",
          "custom-head-code-category",
          "Custom head code category",
          "The custom head code loads only once the visitor allows this category.",
          CONSENT_DEFAULTS.headCodeCategory,
          [
            ["marketing", "Marketing"],
            ["analytics", "Analytics"],
            ["necessary", "Necessary (always loads)"],
          ],
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {months(
          "retention_events_months",
          "retention-events",
          "Keep analytics events",
          CONSENT_DEFAULTS.eventsRetentionMonths,
        )}
        {months(
          "retention_consent_months",
          "retention-consent",
          "Keep consent records",
          CONSENT_DEFAULTS.consentRetentionMonths,
        )}
        {months("retention_mails_months", "retention-mails", "Keep sent mails", CONSENT_DEFAULTS.mailRetentionMonths)}
      </div>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? "Saving..." : "Save privacy settings"}
      </Button>
    </Form>
  );
}
