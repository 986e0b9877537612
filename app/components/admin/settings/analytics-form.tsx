import { TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { InputField, TextareaField } from "~/components/admin/form-fields";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { CUSTOM_HEAD_CODE_MAX } from "~/lib/schemas/settings";
import type { VisibleSiteSettings } from "~/routes/admin/settings.server";
import { type FormProps, SettingsForm, startingValue } from "./settings-form";

/** Analytics ids and the custom head code, which runs on every public page. */
export function AnalyticsForm(form: FormProps<NonNullable<VisibleSiteSettings["analytics"]>>) {
  const { fieldErrors, busy } = form;
  const [code, setCode] = useState(startingValue(form, "custom_head_code"));
  return (
    <SettingsForm intent="save-analytics" busy={busy} submitLabel="Save analytics code">
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="google-analytics-id"
          label="Google Analytics ID"
          error={fieldErrors.google_analytics_id}
          hint="Such as G-XXXXXXXXXX. Leave empty to turn it off."
          name="google_analytics_id"
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          placeholder="G-XXXXXXXXXX"
          defaultValue={startingValue(form, "google_analytics_id")}
        />
        <InputField
          id="facebook-pixel-id"
          label="Facebook Pixel ID"
          error={fieldErrors.facebook_pixel_id}
          hint="15 or 16 digits. Leave empty to turn it off."
          name="facebook_pixel_id"
          inputMode="numeric"
          maxLength={16}
          autoComplete="off"
          placeholder="123456789012345"
          defaultValue={startingValue(form, "facebook_pixel_id")}
        />
      </div>
      <Alert variant="destructive" role="note">
        <TriangleAlertIcon aria-hidden />
        <AlertTitle>Custom head code runs on every public page</AlertTitle>
        <AlertDescription>
          Whatever you paste here is added to the head of every public page and runs in every visitor's browser: it can
          read what visitors type and change any page. Only paste code from a source you trust.
        </AlertDescription>
      </Alert>
      <TextareaField
        id="custom-head-code"
        label="Custom head code"
        error={fieldErrors.custom_head_code}
        hint={`${code.length.toLocaleString("en-US")}/${CUSTOM_HEAD_CODE_MAX.toLocaleString("en-US")} characters.`}
        name="custom_head_code"
        rows={6}
        maxLength={CUSTOM_HEAD_CODE_MAX}
        spellCheck={false}
        className="font-mono text-xs"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
      />
    </SettingsForm>
  );
}
