import { InputField, SelectField } from "~/components/admin/form-fields";
import { SelectOptions } from "~/components/admin/select-options";
import { CONSENT_DEFAULTS } from "~/lib/consent";
import type { VisibleSiteSettings } from "~/routes/admin/settings.server";
import { type FormProps, SettingsForm, startingValue } from "./settings-form";

type PrivacyKey = keyof NonNullable<VisibleSiteSettings["privacy"]>;

/** The consent banner, whom it asks, the head code's category and how long visitor data is kept. */
export function PrivacyForm(form: FormProps<NonNullable<VisibleSiteSettings["privacy"]>>) {
  const { fieldErrors, busy } = form;
  const select = (
    key: PrivacyKey,
    id: string,
    label: string,
    hint: string,
    fallback: string,
    options: Record<string, string>,
  ) => (
    <SelectField
      id={id}
      label={label}
      error={fieldErrors[key]}
      hint={hint}
      name={key}
      defaultValue={startingValue(form, key, fallback)}
    >
      <SelectOptions values={Object.keys(options)} labels={options} />
    </SelectField>
  );
  const months = (key: PrivacyKey, id: string, label: string, fallback: number) => (
    <InputField
      id={id}
      label={label}
      error={fieldErrors[key]}
      hint={`Months; ${fallback} by default.`}
      name={key}
      type="number"
      min={1}
      max={120}
      step={1}
      required
      defaultValue={startingValue(form, key, fallback)}
    />
  );
  return (
    <SettingsForm intent="save-privacy" busy={busy} submitLabel="Save privacy settings">
      <div className="grid gap-4 sm:grid-cols-2">
        {select("consent_banner", "consent-banner", "Consent banner", "Off loads every tag without asking.", "on", {
          on: "On",
          off: "Off",
        })}
        {select(
          "consent_scope",
          "consent-scope",
          "Ask for consent",
          "Countries that require it: the EU, the EEA, the UK and Switzerland.",
          CONSENT_DEFAULTS.scope,
          { required: "Only in countries that require it", everyone: "Of every visitor" },
        )}
        <InputField
          id="consent-policy-version"
          label="Policy version"
          error={fieldErrors.consent_policy_version}
          hint="Raise it when the privacy or cookie wording changes: every visitor is asked again."
          name="consent_policy_version"
          type="number"
          min={1}
          step={1}
          required
          defaultValue={startingValue(form, "consent_policy_version", CONSENT_DEFAULTS.policyVersion)}
        />
        {select(
          "custom_head_code_category",
          "custom-head-code-category",
          "Custom head code category",
          "The custom head code loads only once the visitor allows this category.",
          CONSENT_DEFAULTS.headCodeCategory,
          { marketing: "Marketing", analytics: "Analytics", necessary: "Necessary (always loads)" },
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
      <p className="text-muted-foreground text-sm" data-slot="ad-click-consent">
        Ad click ids (gclid, gbraid, wbraid, fbclid, _fbp/_fbc, li_fat_id, msclkid) are kept with a lead only when its
        visitor allowed marketing (or was not asked, where consent is not required). Without it, none are kept and no
        conversion about the lead goes to Google, Meta or LinkedIn.
      </p>
    </SettingsForm>
  );
}
