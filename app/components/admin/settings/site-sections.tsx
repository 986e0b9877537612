import type * as React from "react";
import { SiteFileField } from "~/components/admin/site-file-field";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import type { VisibleSiteSettings } from "~/routes/admin/settings.server";
import { AnalyticsForm } from "./analytics-form";
import { PrivacyForm } from "./privacy-form";
import { SiteInformationForm } from "./site-information-form";

type SectionProps = {
  site: VisibleSiteSettings;
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

/**
 * The site's settings the person may change: information, then the files (favicon, logos, guide file,
 * hero video), then analytics. Editors get the files only.
 */
export function SiteSections({ site, fieldErrors, typed, busyWith }: SectionProps) {
  const files = site.files;
  return (
    <>
      {site.information ? (
        <Section title="Site Information" description="The site's name and its description for search engines.">
          <SiteInformationForm
            site={site.information}
            fieldErrors={fieldErrors}
            typed={typed}
            busy={busyWith === "save-site-info"}
          />
        </Section>
      ) : null}
      {files ? <SiteFileSections files={files} /> : null}
      {site.analytics ? (
        <Section title="Analytics Code" description="Tracking that loads on the public site when an ID is set.">
          <AnalyticsForm
            site={site.analytics}
            fieldErrors={fieldErrors}
            typed={typed}
            busy={busyWith === "save-analytics"}
          />
        </Section>
      ) : null}
      {site.privacy ? (
        <Section
          title="Privacy & Consent"
          description="The cookie banner that asks visitors before analytics and marketing tags load, and how long visitor data is kept."
        >
          <PrivacyForm site={site.privacy} fieldErrors={fieldErrors} typed={typed} busy={busyWith === "save-privacy"} />
        </Section>
      ) : null}
    </>
  );
}

function SiteFileSections({ files: site }: { files: NonNullable<VisibleSiteSettings["files"]> }) {
  return (
    <>
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
    </>
  );
}
