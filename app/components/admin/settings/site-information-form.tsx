import { useState } from "react";
import { InputField, TextareaField } from "~/components/admin/form-fields";
import { brand } from "~/content/brand";
import { META_DESCRIPTION_MAX } from "~/lib/schemas/content";
import { META_DESCRIPTION_IDEAL, SITE_TITLE_MAX } from "~/lib/schemas/settings";
import type { VisibleSiteSettings } from "~/routes/admin/settings.server";
import { type FormProps, SettingsForm, startingValue } from "./settings-form";

/** Site title, meta description and who is notified of new leads. */
export function SiteInformationForm(form: FormProps<NonNullable<VisibleSiteSettings["information"]>>) {
  const { fieldErrors, busy } = form;
  const [description, setDescription] = useState(startingValue(form, "site_meta_description"));
  const length = description.trim().length;
  const ideal = length >= META_DESCRIPTION_IDEAL.min && length <= META_DESCRIPTION_IDEAL.max;
  return (
    <SettingsForm intent="save-site-info" busy={busy} submitLabel="Save site information">
      <InputField
        id="site-title"
        label="Site title"
        error={fieldErrors.site_title}
        hint="Used in page titles and when the site is shared."
        name="site_title"
        required
        maxLength={SITE_TITLE_MAX}
        defaultValue={startingValue(form, "site_title", brand.name)}
      />
      <TextareaField
        id="site-meta-description"
        label="Meta description"
        error={fieldErrors.site_meta_description}
        hint={
          <span className="flex justify-between gap-4">
            <span>Search engines show about 150-160 characters; aim for that range.</span>
            <span
              data-testid="meta-description-counter"
              className={
                ideal
                  ? "text-green-700 dark:text-green-400"
                  : length > META_DESCRIPTION_MAX
                    ? "text-destructive"
                    : undefined
              }
            >
              {length}/{META_DESCRIPTION_MAX}
            </span>
          </span>
        }
        name="site_meta_description"
        rows={3}
        maxLength={META_DESCRIPTION_MAX}
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <InputField
        id="notification-emails"
        label="Notify of new leads"
        error={fieldErrors.notification_emails}
        hint="Staff addresses e-mailed about every new lead, separated by commas. Left empty, the server's NOTIFY_EMAILS, or else every admin."
        name="notification_emails"
        placeholder="sales@agency.com, owner@agency.com"
        defaultValue={startingValue(form, "notification_emails")}
      />
    </SettingsForm>
  );
}
