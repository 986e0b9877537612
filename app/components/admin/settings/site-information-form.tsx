import { useState } from "react";
import { Form } from "react-router";
import { Field } from "~/components/admin/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { brand } from "~/content/brand";
import { META_DESCRIPTION_MAX } from "~/lib/schemas/content";
import { META_DESCRIPTION_IDEAL, SITE_TITLE_MAX } from "~/lib/schemas/settings";
import type { VisibleSiteSettings } from "~/routes/admin/settings.server";

export type FormProps<Site> = {
  site: Site;
  fieldErrors: Record<string, string>;
  typed: Record<string, string>;
  busy: boolean;
};

/** Site title, meta description and who is notified of new leads. */
export function SiteInformationForm({
  site,
  fieldErrors,
  typed,
  busy,
}: FormProps<NonNullable<VisibleSiteSettings["information"]>>) {
  const [description, setDescription] = useState(typed.site_meta_description ?? site.site_meta_description ?? "");
  const length = description.trim().length;
  const ideal = length >= META_DESCRIPTION_IDEAL.min && length <= META_DESCRIPTION_IDEAL.max;
  return (
    <Form method="post" className="grid max-w-2xl gap-4">
      <input type="hidden" name="intent" value="save-site-info" />
      <Field
        id="site-title"
        label="Site title"
        error={fieldErrors.site_title}
        hint="Used in page titles and when the site is shared."
      >
        {(props) => (
          <Input
            {...props}
            name="site_title"
            required
            maxLength={SITE_TITLE_MAX}
            defaultValue={typed.site_title ?? site.site_title ?? brand.name}
          />
        )}
      </Field>
      <Field
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
      >
        {(props) => (
          <Textarea
            {...props}
            name="site_meta_description"
            rows={3}
            maxLength={META_DESCRIPTION_MAX}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        )}
      </Field>
      <Field
        id="notification-emails"
        label="Notify of new leads"
        error={fieldErrors.notification_emails}
        hint="Staff addresses e-mailed about every new lead, separated by commas. Left empty, the server's NOTIFY_EMAILS, or else every admin."
      >
        {(props) => (
          <Input
            {...props}
            name="notification_emails"
            placeholder="sales@agency.com, owner@agency.com"
            defaultValue={typed.notification_emails ?? site.notification_emails ?? ""}
          />
        )}
      </Field>
      <Button type="submit" className="justify-self-start" disabled={busy}>
        {busy ? "Saving..." : "Save site information"}
      </Button>
    </Form>
  );
}
