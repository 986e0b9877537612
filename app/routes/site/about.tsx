import { Link } from "react-router";
import { Section } from "~/components/site/section";
import { CtaBand } from "~/components/site/sections/cta-band";
import { FeatureGrid } from "~/components/site/sections/feature-grid";
import { PageHero } from "~/components/site/sections/page-hero";
import { StatList } from "~/components/site/sections/stat-list";
import { TeamGrid } from "~/components/site/sections/team-grid";
import { buttonVariants } from "~/components/ui/button-variants";
import {
  aboutCertifications,
  aboutCertificationsSection,
  aboutCta,
  aboutHero,
  aboutSeo,
  aboutStats,
  aboutStatsTitle,
  aboutStory,
  aboutTeam,
  aboutTeamSection,
  aboutValues,
  aboutValuesSection,
} from "~/content/about";
import { sitePageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(matches, aboutSeo);
}

export default function AboutPage() {
  return (
    <main>
      <PageHero eyebrow={aboutHero.eyebrow} title={aboutHero.headline} intro={aboutHero.intro}>
        <Link to={aboutCta.href} className={buttonVariants({ size: "lg" })}>
          {aboutCta.label}
        </Link>
      </PageHero>

      <Section id="story" title={aboutStory.title}>
        <div className="mx-auto max-w-3xl space-y-5 text-lg leading-relaxed">
          {aboutStory.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section id="stats" tone="muted" title={aboutStatsTitle}>
        <StatList stats={aboutStats} className="mx-auto max-w-5xl" />
      </Section>

      <Section id="values" {...aboutValuesSection}>
        <FeatureGrid items={aboutValues} columns={4} />
      </Section>

      <Section id="team" tone="muted" {...aboutTeamSection}>
        <TeamGrid members={aboutTeam} />
      </Section>

      <Section id="certifications" {...aboutCertificationsSection}>
        <FeatureGrid items={aboutCertifications} columns={3} />
      </Section>

      <CtaBand id="consultation" title={aboutCta.title} text={aboutCta.text}>
        <Link to={aboutCta.href} className={buttonVariants({ size: "lg", variant: "secondary" })}>
          {aboutCta.label}
        </Link>
      </CtaBand>
    </main>
  );
}
