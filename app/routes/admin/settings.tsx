import { TriangleAlertIcon } from "lucide-react";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { Field } from "~/components/admin/field";
import { SiteFileField } from "~/components/admin/site-file-field";
import { IntegrationsCard } from "~/components/admin/webhooks/integrations-card";
import { WorkspaceSettings } from "~/components/admin/workspace-settings";
import { useToastMessage } from "~/components/show-toast";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { brand } from "~/content/brand";
import { CONSENT_DEFAULTS } from "~/lib/consent";
import { canUseIntent, ROLES, roleLabels } from "~/lib/roles";
import { META_DESCRIPTION_MAX } from "~/lib/schemas/content";
import {
  analyticsSchema,
  CUSTOM_HEAD_CODE_MAX,
  META_DESCRIPTION_IDEAL,
  privacySchema,
  removeSiteFileSchema,
  SITE_TITLE_MAX,
  siteInformationSchema,
} from "~/lib/schemas/settings";
import {
  changePasswordSchema,
  newPasswordInput,
  passwordConfirmationSchema,
  totpCodeSchema,
} from "~/lib/schemas/staff";
import { toastMessage } from "~/lib/toast";
import { siteFiles } from "~/lib/uploads";
import { ACCESS_DENIED_MESSAGE } from "~/server/auth/guard.server";
import { changePassword, confirmTwoFactor, disableTwoFactor, startTwoFactor } from "~/server/auth/profile.server";
import { auditActor, requireStaff } from "~/server/auth/session.server";
import { getServices } from "~/server/context.server";
import { parseForm, requireFormData } from "~/server/http/form-data.server";
import { loadSiteSettings, type SiteSettingValues, updateSettings } from "~/server/settings/settings.server";
import { removeSiteFile } from "~/server/uploads/uploads.server";
import {
  loadWorkspaceSettings,
  runWorkspaceSetting,
  WORKSPACE_SETTING_INTENTS,
} from "~/server/workspace/workspace-settings.server";
import type { Route } from "./+types/settings";

export function meta() {
  return [{ title: "Settings | Admin" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context);
  // The site sections are admin-only; other roles get their profile and nothing of the site's settings.
  const { db } = getServices(context);
  const [site, workspace] = await Promise.all([
    staff.role === "admin" ? loadSiteSettings(db) : null,
    loadWorkspaceSettings(db, staff),
  ]);
  return { email: staff.email, role: staff.role, twoFactorEnabled: staff.twoFactorEnabled, site, workspace };
}

const SITE_INTENTS = new Set(["save-site-info", "save-analytics", "save-privacy", "remove-file"]);

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(context);
  const formData = await requireFormData(request);
  const intent = String(formData.get("intent"));
  const invalid = (fieldErrors: Record<string, string>) =>
    data(
      {
        intent,
        fieldErrors,
        toast: toastMessage("error", "Error", Object.values(fieldErrors)[0] ?? "Please check the form."),
      },
      { status: 400 },
    );
  if ((SITE_INTENTS.has(intent) && staff.role !== "admin") || !canUseIntent(staff.role, "/admin/settings", intent)) {
    return data(
      { intent, fieldErrors: {}, toast: toastMessage("error", "Error", ACCESS_DENIED_MESSAGE) },
      { status: 403 },
    );
  }
  const settingFailed = (fieldErrors: Record<string, string>, values: Record<string, string>) =>
    data(
      {
        intent,
        fieldErrors,
        values,
        toast: toastMessage(
          "error",
          "Error",
          `Failed to update setting. ${Object.values(fieldErrors)[0] ?? ""}`.trim(),
        ),
      },
      { status: 400 },
    );
  if (WORKSPACE_SETTING_INTENTS.has(intent)) {
    const result = await runWorkspaceSetting(getServices(context).db, intent, formData, staff);
    if (result) return result;
  }
  switch (intent) {
    case "save-site-info":
    case "save-analytics":
    case "save-privacy": {
      const schema =
        intent === "save-site-info"
          ? siteInformationSchema
          : intent === "save-analytics"
            ? analyticsSchema
            : privacySchema;
      const parsed = parseForm(formData, schema);
      if (!parsed.ok) return settingFailed(parsed.fieldErrors, parsed.values);
      const { changed } = await updateSettings(getServices(context).db, parsed.data, auditActor(staff));
      return {
        intent,
        fieldErrors: {},
        toast: toastMessage(
          changed.length > 0 ? "success" : "info",
          changed.length > 0 ? "Success" : "No changes",
          changed.length > 0 ? "Setting updated successfully" : "Nothing was different, so nothing was saved.",
        ),
      };
    }
    case "remove-file": {
      const parsed = parseForm(formData, removeSiteFileSchema);
      if (!parsed.ok) return settingFailed(parsed.fieldErrors, {} as Record<string, string>);
      await removeSiteFile(getServices(context), parsed.data.key, staff);
      return {
        intent,
        fieldErrors: {},
        toast: toastMessage("success", "Success", `${siteFiles[parsed.data.key].label} removed`),
      };
    }
    case "change-password": {
      const parsed = parseForm(formData, changePasswordSchema);
      if (!parsed.ok) return invalid(parsed.fieldErrors);
      return changePassword(context, request, staff, parsed.data);
    }
    case "enable-2fa": {
      const parsed = parseForm(formData, passwordConfirmationSchema);
      if (!parsed.ok) return invalid(parsed.fieldErrors);
      return startTwoFactor(context, request, parsed.data.password);
    }
    case "confirm-2fa": {
      const parsed = parseForm(formData, totpCodeSchema);
      const totpUri = String(formData.get("totpUri") ?? "");
      if (!parsed.ok) return invalid(parsed.fieldErrors);
      return confirmTwoFactor(context, request, staff, { code: parsed.data.code, totpUri });
    }
    case "disable-2fa": {
      const parsed = parseForm(formData, passwordConfirmationSchema);
      if (!parsed.ok) return invalid({ disablePassword: parsed.fieldErrors.password ?? "Please enter your password." });
      return disableTwoFactor(context, request, staff, parsed.data.password);
    }
    default:
      return invalid({ form: "Unknown action." });
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  useToastMessage(actionData?.toast);
  const navigation = useNavigation();
  const busyWith = navigation.state === "submitting" ? String(navigation.formData?.get("intent")) : null;
  const fieldErrors: Record<string, string> = actionData?.fieldErrors ?? {};
  const enrolment = actionData && "enrolment" in actionData ? actionData.enrolment : undefined;
  const typed = (actionData && "values" in actionData ? (actionData.values ?? {}) : {}) as Record<string, string>;

  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <h1 className="font-bold text-2xl">Settings</h1>
        <Badge variant="secondary">Admin Panel</Badge>
      </div>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Profile</h2>
          </CardTitle>
          <CardDescription>Your account. Ask an admin to change your e-mail or role.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-[auto_1fr_1fr] sm:items-end">
          <Avatar size="lg" aria-hidden>
            {loaderData.email.charAt(0).toUpperCase()}
          </Avatar>
          <Field id="profile-email" label="Email">
            {(props) => <Input {...props} value={loaderData.email} readOnly />}
          </Field>
          <Field id="profile-role" label="Role">
            {(props) => (
              <NativeSelect {...props} value={loaderData.role ?? ""} disabled onChange={() => {}}>
                {loaderData.role ? null : <NativeSelectOption value="">No role</NativeSelectOption>}
                {ROLES.map((role) => (
                  <NativeSelectOption key={role} value={role}>
                    {roleLabels[role]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            )}
          </Field>
        </CardContent>
      </Card>

      <WorkspaceSettings settings={loaderData.workspace} admin={loaderData.role === "admin"} />

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Change password</h2>
          </CardTitle>
          <CardDescription>Changing it signs you out on your other devices.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form
            method="post"
            className="grid max-w-md gap-4"
            key={actionData?.intent === "change-password" && actionData.toast?.type === "success" ? "done" : "form"}
          >
            <input type="hidden" name="intent" value="change-password" />
            <Field id="current-password" label="Current password" error={fieldErrors.currentPassword}>
              {(props) => (
                <Input {...props} name="currentPassword" type="password" required autoComplete="current-password" />
              )}
            </Field>
            <Field id="new-password" label="New password" hint="At least 8 characters." error={fieldErrors.newPassword}>
              {(props) => <Input {...props} {...newPasswordInput} name="newPassword" />}
            </Field>
            <Field id="confirm-password" label="Confirm new password" error={fieldErrors.confirmPassword}>
              {(props) => <Input {...props} {...newPasswordInput} name="confirmPassword" />}
            </Field>
            <Button type="submit" className="justify-self-start" disabled={busyWith === "change-password"}>
              Change password
            </Button>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>Two-factor authentication</h2>
          </CardTitle>
          <CardDescription>
            {loaderData.twoFactorEnabled
              ? "On: signing in asks for a code from your authenticator app."
              : "Add a code from an authenticator app to your password when you sign in."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {loaderData.twoFactorEnabled ? (
            <Form method="post" className="grid max-w-md gap-4">
              <input type="hidden" name="intent" value="disable-2fa" />
              <Field id="disable-password" label="Password" error={fieldErrors.disablePassword}>
                {(props) => (
                  <Input {...props} name="password" type="password" required autoComplete="current-password" />
                )}
              </Field>
              <Button
                type="submit"
                variant="destructive"
                className="justify-self-start"
                disabled={busyWith === "disable-2fa"}
              >
                Turn off two-factor authentication
              </Button>
            </Form>
          ) : enrolment ? (
            <div className="grid gap-6 md:grid-cols-[auto_1fr]">
              <div
                className="size-48 rounded-md border bg-white p-2"
                role="img"
                aria-label="QR code for your authenticator app"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG generated on our server by the qrcode library from the TOTP URI.
                dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
              />
              <div className="grid gap-4">
                <p className="text-sm">
                  Scan the code with your authenticator app, or enter this key:{" "}
                  <code className="break-all rounded bg-muted px-1 font-mono text-xs" data-testid="totp-secret">
                    {new URL(enrolment.totpUri).searchParams.get("secret")}
                  </code>
                </p>
                {enrolment.backupCodes.length > 0 ? (
                  <Alert>
                    <AlertTitle>Save your backup codes now</AlertTitle>
                    <AlertDescription>
                      <p>Each works once if you lose your device. They will not be shown again.</p>
                      <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm" data-testid="backup-codes">
                        {enrolment.backupCodes.map((code) => (
                          <li key={code}>{code}</li>
                        ))}
                      </ul>
                    </AlertDescription>
                  </Alert>
                ) : null}
                <Form method="post" className="grid max-w-xs gap-4">
                  <input type="hidden" name="intent" value="confirm-2fa" />
                  <input type="hidden" name="totpUri" value={enrolment.totpUri} />
                  <Field id="totp-code" label="Code from the app" error={fieldErrors.code}>
                    {(props) => (
                      <Input
                        {...props}
                        name="code"
                        required
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        pattern="\d{6}"
                        maxLength={6}
                      />
                    )}
                  </Field>
                  <Button type="submit" className="justify-self-start" disabled={busyWith === "confirm-2fa"}>
                    Confirm and turn on
                  </Button>
                </Form>
              </div>
            </div>
          ) : (
            <Form method="post" className="grid max-w-md gap-4">
              <input type="hidden" name="intent" value="enable-2fa" />
              <Field id="enable-password" label="Password" error={fieldErrors.password}>
                {(props) => (
                  <Input {...props} name="password" type="password" required autoComplete="current-password" />
                )}
              </Field>
              <Button type="submit" className="justify-self-start" disabled={busyWith === "enable-2fa"}>
                Set up two-factor authentication
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>

      {loaderData.site ? (
        <SiteSections
          site={loaderData.site}
          fieldErrors={fieldErrors}
          typed={typed}
          busyWith={busyWith}
          savedIntent={actionData?.toast?.type === "success" ? actionData.intent : null}
        />
      ) : null}
      {loaderData.site ? <IntegrationsCard /> : null}
    </div>
  );
}

type SectionProps = {
  site: SiteSettingValues;
  fieldErrors: Record<string, string>;
  typed: Record<string, string>;
  busyWith: string | null;
  savedIntent: string | null;
};

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

function SiteSections({ site, fieldErrors, typed, busyWith }: SectionProps) {
  return (
    <>
      <Section title="Site Information" description="The site's name and its description for search engines.">
        <SiteInformationForm site={site} fieldErrors={fieldErrors} typed={typed} busy={busyWith === "save-site-info"} />
      </Section>
      <Section title="Favicon" description="The small icon browsers show in tabs and bookmarks.">
        <SiteFileField settingKey="favicon_url" value={site.favicon_url} />
      </Section>
      <Section
        title="Site Logo"
        description="Shown in the public site's header and footer; the default logo is used when unset."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <SiteFileField settingKey="header_logo" value={site.header_logo} />
          <SiteFileField settingKey="footer_logo" value={site.footer_logo} />
        </div>
      </Section>
      <Section
        title="File Management"
        description="The PPC strategies guide that visitors download after filling in the guide form."
      >
        <SiteFileField settingKey="ppc_strategies_pdf" value={site.ppc_strategies_pdf} />
      </Section>
      <Section
        title="Video Management"
        description="The video in the home page's hero, and the picture shown before it plays."
      >
        <div className="grid gap-4 md:grid-cols-2">
          <SiteFileField settingKey="hero_video" value={site.hero_video} />
          <SiteFileField settingKey="hero_video_thumbnail" value={site.hero_video_thumbnail} />
        </div>
      </Section>
      <Section title="Analytics Code" description="Tracking that loads on the public site when an ID is set.">
        <AnalyticsForm site={site} fieldErrors={fieldErrors} typed={typed} busy={busyWith === "save-analytics"} />
      </Section>
      <Section
        title="Privacy & Consent"
        description="The cookie banner that asks visitors before analytics and marketing tags load, and how long visitor data is kept."
      >
        <PrivacyForm site={site} fieldErrors={fieldErrors} typed={typed} busy={busyWith === "save-privacy"} />
      </Section>
    </>
  );
}

type FormProps = {
  site: SiteSettingValues;
  fieldErrors: Record<string, string>;
  typed: Record<string, string>;
  busy: boolean;
};

function SiteInformationForm({ site, fieldErrors, typed, busy }: FormProps) {
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

function AnalyticsForm({ site, fieldErrors, typed, busy }: FormProps) {
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

function PrivacyForm({ site, fieldErrors, typed, busy }: FormProps) {
  const value = (key: keyof SiteSettingValues, fallback: string | number) =>
    typed[key] ?? site[key] ?? String(fallback);
  const select = (
    key: keyof SiteSettingValues,
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
  const months = (key: keyof SiteSettingValues, id: string, label: string, fallback: number) => (
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
