import { TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { Form } from "react-router";
import { Field } from "~/components/admin/field";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { CUSTOM_HEAD_CODE_MAX } from "~/lib/schemas/settings";
import type { VisibleSiteSettings } from "~/routes/admin/settings.server";
import type { FormProps } from "./site-information-form";

/** Analytics ids and the custom head code, which runs on every public page. */
export function AnalyticsForm({
  site,
  fieldErrors,
  typed,
  busy,
}: FormProps<NonNullable<VisibleSiteSettings["analytics"]>>) {
  const [code, setCode] = useState(typed.custom_head_code ?? site.custom_head_code ?? "");
  return (
    <Form method="post" className="grid max-w-2xl gap-4">
      <input type="hidden" name="intent" value="save-analytics" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="google-analytics-id"
          label="Google Analytics ID"
          error={fieldErrors.google_analytics_id}
          hint="Such as G-XXXXXXXXXX. Leave empty to turn it off."
        >
          {(props) => (
            <Input
              {...props}
              name="google_analytics_id"
              maxLength={40}
              autoComplete="off"
              spellCheck={false}
              placeholder="G-XXXXXXXXXX"
              defaultValue={typed.google_analytics_id ?? site.google_analytics_id ?? ""}
            />
          )}
        </Field>
        <Field
          id="facebook-pixel-id"
          label="Facebook Pixel ID"
          error={fieldErrors.facebook_pixel_id}
          hint="15 or 16 digits. Leave empty to turn it off."
        >
          {(props) => (
            <Input
              {...props}
              name="facebook_pixel_id"
              inputMode="numeric"
              maxLength={16}
              autoComplete="off"
              placeholder="123456789012345"
              defaultValue={typed.facebook_pixel_id ?? site.facebook_pixel_id ?? ""}
            />
          )}
        </Field>
      </div>
      <Alert variant="destructive" role="note">
        <TriangleAlertIcon aria-hidden />
        <AlertTitle>Custom head code runs on every public page</AlertTitle>
        <AlertDescription>
          Whatever you paste here is added to the head of every public page and runs in every visitor's browser: it can
          read what visitors type and change any page. Only paste code from a source you trust.
        </AlertDescription>
      </Alert>
      <Field
        id="custom-head-code"
        label="Custom head code"
        error={fieldErrors.custom_head_code}
        hint={`${code.length.toLocaleString("en-US")}/${CUSTOM_HEAD_CODE_MAX.toLocaleString("en-US")} characters.`}
      >
        {(props) => (
          <Textarea
            {...props}
            name="custom_head_code"
            rows={6}
            maxLength={CUSTOM_HEAD_CODE_MAX}
            spellCheck={false}
            className="font-mono text-xs"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
          />
        )}
      </Field>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? "Saving..." : "Save analytics code"}
      </Button>
    </Form>
  );
}
