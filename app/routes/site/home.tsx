import { ContactForm } from "~/components/site/forms/contact-form";
import { HeroVideo } from "~/components/site/hero-video";
import { AdPlatforms } from "~/components/site/home/ad-platforms";
import { Integrations } from "~/components/site/home/integrations";
import { LinkCardSection } from "~/components/site/home/link-card-section";
import { StatCards } from "~/components/site/home/stat-cards";
import { Testimonials } from "~/components/site/home/testimonials";
import { ValueChips } from "~/components/site/home/value-chips";
import { IconList } from "~/components/site/icon-list";
import { ShieldCheckIcon } from "~/components/site/icons/shield-check-icon";
import { GuideDownloadButton } from "~/components/site/lead-dialog-button";
import { Section } from "~/components/site/section";
import { buttonVariants } from "~/components/ui/button-variants";
import { brand } from "~/content/brand";
import { offices } from "~/content/contact";
import {
  adPlatforms,
  contactSection,
  coreServices,
  hero,
  homeSections,
  homeSeo,
  industries,
  integrations,
  testimonials,
} from "~/content/home";
import { getServices } from "~/http/context.server";
import { applySiteIdentity, jsonLd, pageMeta, type SiteIdentity } from "~/lib/seo";
import { loadSiteIdentity } from "~/server/site/public-settings.server";
import type { Route } from "./+types/home";
import { useSiteData } from "./layout";

// The copy and the meta tags come from the loader, so they travel as data inside the HTML instead of
// as JavaScript every visitor downloads and parses: the home page has a tight script budget.
// The site title and description from settings are applied here, on the server, for the same reason.
export async function loader({ context }: Route.LoaderArgs) {
  const { config, db } = getServices(context);
  return {
    meta: homeMeta(config.baseUrl, await loadSiteIdentity(db)),
    content: { adPlatforms, contactSection, coreServices, hero, homeSections, industries, integrations, testimonials },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

function homeMeta(baseUrl: string, identity: SiteIdentity) {
  return [
    ...applySiteIdentity(pageMeta(baseUrl, { ...homeSeo, image: brand.defaultLogo }, { social: true }), identity, {
      home: true,
    }),
    jsonLd({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: brand.name,
      legalName: brand.legalName,
      url: `${baseUrl}/`,
      logo: `${baseUrl}${brand.defaultLogo}`,
      foundingDate: String(brand.founded),
      areaServed: brand.countries,
      address: offices.map((office) => ({
        "@type": "PostalAddress",
        addressLocality: office.city,
        addressCountry: office.country,
      })),
    }),
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings } = useSiteData();
  const { hero, contactSection, homeSections } = loaderData.content;
  return (
    <main>
      <section className="bg-gradient-to-b from-primary/10 to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:py-24">
          <div className="min-w-0">
            <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 font-medium text-sm">
              <ShieldCheckIcon className="size-4 text-primary" aria-hidden />
              {hero.trustBadge}
            </p>
            <h1 className="mt-6 font-bold text-4xl tracking-tight sm:text-5xl lg:text-6xl">{hero.headline}</h1>
            <p className="mt-6 text-lg text-muted-foreground">{hero.subheadline}</p>
            <ValueChips chips={hero.valueChips} className="mt-6" />
            <div className="mt-8 flex flex-wrap gap-3">
              <a href="#contact-section" className={buttonVariants({ size: "lg" })}>
                {hero.primaryCta}
              </a>
              <GuideDownloadButton variant="outline" size="lg">
                {hero.secondaryCta}
              </GuideDownloadButton>
            </div>
            <StatCards stats={hero.stats} className="mt-10" />
          </div>
          <HeroVideo src={settings.heroVideo} poster={settings.heroVideoThumbnail} />
        </div>
      </section>
      <LinkCardSection id="services" heading={homeSections.services} cards={loaderData.content.coreServices} />
      <AdPlatforms heading={homeSections.platforms} platforms={loaderData.content.adPlatforms} />
      <LinkCardSection id="industries" heading={homeSections.industries} cards={loaderData.content.industries} />
      <Integrations content={loaderData.content.integrations} />
      <Testimonials heading={homeSections.testimonials} testimonials={loaderData.content.testimonials} />
      <Section
        id="contact-section"
        eyebrow={contactSection.eyebrow}
        title={contactSection.title}
        description={contactSection.description}
        tone="muted"
      >
        <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-[1fr_2fr]">
          <div className="grid content-start gap-6">
            <IconList items={contactSection.benefits} icon={ShieldCheckIcon} className="space-y-3" />
          </div>
          <ContactForm idPrefix="home-contact" />
        </div>
      </Section>
    </main>
  );
}
