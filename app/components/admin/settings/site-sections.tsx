import type * as React from "react";
import { SiteFileField } from "~/components/admin/site-file-field";
import { TitledCard } from "~/components/admin/titled-card";
import type { SiteFileKey } from "~/lib/uploads";
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

function Section(props: React.ComponentProps<typeof TitledCard>) {
  return <TitledCard contentClassName="grid gap-4" {...props} />;
}

/**
 * The site's settings the person may change: information, then the files (favicon, logos, guide file,
 * hero video), then analytics. Editors get the files only.
 */
export function SiteSections({ site, fieldErrors, typed, busyWith }: SectionProps) {
  const refused = { fieldErrors, typed };
  return (
    <>
      {site.information ? (
        <Section title="Site Information" description="The site's name and its description for search engines.">
          <SiteInformationForm site={site.information} {...refused} busy={busyWith === "save-site-info"} />
        </Section>
      ) : null}
      {site.files ? <SiteFileSections files={site.files} /> : null}
      {site.analytics ? (
        <Section title="Analytics Code" description="Tracking that loads on the public site when an ID is set.">
          <AnalyticsForm site={site.analytics} {...refused} busy={busyWith === "save-analytics"} />
        </Section>
      ) : null}
      {site.privacy ? (
        <Section
          title="Privacy & Consent"
          description="The cookie banner that asks visitors before analytics and marketing tags load, and how long visitor data is kept."
        >
          <PrivacyForm site={site.privacy} {...refused} busy={busyWith === "save-privacy"} />
        </Section>
      ) : null}
    </>
  );
}

/** The file settings, a card each; a card with two files shows them side by side. */
const fileSections: { title: string; description: string; keys: SiteFileKey[] }[] = [
  { title: "Favicon", description: "The small icon browsers show in tabs and bookmarks.", keys: ["favicon_url"] },
  {
    title: "Site Logo",
    description: "Shown in the public site's header and footer; the default logo is used when unset.",
    keys: ["header_logo", "footer_logo"],
  },
  {
    title: "File Management",
    description: "The PPC strategies guide that visitors download after filling in the guide form.",
    keys: ["ppc_strategies_pdf"],
  },
  {
    title: "Video Management",
    description: "The video in the home page's hero, and the picture shown before it plays.",
    keys: ["hero_video", "hero_video_thumbnail"],
  },
];

function SiteFileSections({ files }: { files: NonNullable<VisibleSiteSettings["files"]> }) {
  return fileSections.map(({ title, description, keys }) => {
    const fields = keys.map((key) => <SiteFileField key={key} settingKey={key} value={files[key]} />);
    return (
      <Section key={title} title={title} description={description}>
        {keys.length > 1 ? <div className="grid gap-4 md:grid-cols-2">{fields}</div> : fields}
      </Section>
    );
  });
}
