import { data, isRouteErrorResponse, Link } from "react-router";
import { ArrowRight } from "~/components/site/icons/arrow-right";
import { GetStartedButton } from "~/components/site/lead-dialog-button";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { Section } from "~/components/site/section";
import { CampaignTypeGrid } from "~/components/site/sections/campaign-type-grid";
import { CtaBand } from "~/components/site/sections/cta-band";
import { FeatureGrid } from "~/components/site/sections/feature-grid";
import { IconTile } from "~/components/site/sections/icon";
import { PageHero } from "~/components/site/sections/page-hero";
import { SuccessStory } from "~/components/site/sections/success-story";
import { TagList } from "~/components/site/sections/tag-list";
import { buttonVariants } from "~/components/ui/button-variants";
import { industryPageCopy as copy, industries, industryList, isIndustrySlug } from "~/content/industries";
import { sitePageMeta } from "~/lib/seo";
import type { Route } from "./+types/industry";

/**
 * One module for /industries/ecommerce, /saas, /real-estate and /automotive (registered once per path).
 * The industry is the last path segment. `url` is the normalised URL: on client navigations
 * `request.url` ends in `.data`, so that suffix is stripped too in case a raw URL is passed.
 */
function industrySlugFromPath(pathname: string) {
  const last =
    pathname
      .replace(/\.data$/, "")
      .replace(/\/+$/, "")
      .split("/")
      .pop() ?? "";
  const slug = decodeURIComponent(last).toLowerCase();
  return isIndustrySlug(slug) ? slug : null;
}

export function loader({ url }: Route.LoaderArgs) {
  const slug = industrySlugFromPath(url.pathname);
  if (!slug) throw data(null, { status: 404 });
  return { slug };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return sitePageMeta(matches, industries[loaderData.slug].seo);
}

/** A section's heading from its part of the industry's copy. */
const headingOf = ({ title, description }: { title: string; description: string }) => ({ title, description });

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  const industry = industries[loaderData.slug];
  const others = industryList.filter((other) => other.slug !== industry.slug);
  return (
    <main>
      <PageHero eyebrow={industry.hero.eyebrow} title={industry.hero.headline} intro={industry.hero.intro}>
        <Link to={copy.customQuoteHref} className={buttonVariants({ size: "lg" })}>
          {copy.customQuote}
        </Link>
        <GetStartedButton source={industry.source} variant="outline" size="lg">
          {copy.getStarted}
        </GetStartedButton>
      </PageHero>

      <Section id="challenges" eyebrow={copy.challengesEyebrow} {...headingOf(industry.challenges)}>
        <FeatureGrid items={industry.challenges.items} columns={4} />
      </Section>

      <Section id="solutions" tone="muted" eyebrow={copy.solutionsEyebrow} {...headingOf(industry.solutions)}>
        <FeatureGrid items={industry.solutions.items} columns={4} />
      </Section>

      <Section id="campaign-types" eyebrow={copy.campaignTypesEyebrow} {...headingOf(industry.campaignTypes)}>
        <CampaignTypeGrid items={industry.campaignTypes.items} platformsLabel={copy.platformsLabel} />
      </Section>

      <Section id="success-story" tone="muted" eyebrow={copy.successStoryEyebrow} title={industry.successStory.title}>
        <SuccessStory story={industry.successStory} resultsLabel={copy.resultsLabel} />
      </Section>

      <Section id="integrations" eyebrow={copy.integrationsEyebrow} {...headingOf(industry.integrations)}>
        <TagList items={industry.integrations.items} className="mx-auto max-w-4xl justify-center" />
      </Section>

      <CtaBand
        id="pricing"
        eyebrow={copy.pricingEyebrow}
        title={industry.pricingTeaser.title}
        text={industry.pricingTeaser.text}
      >
        <Link to={copy.pricingHref} className={buttonVariants({ size: "lg", variant: "secondary" })}>
          {copy.viewPricing}
        </Link>
        <Link to={copy.customQuoteHref} className={buttonVariants({ variant: "onBrand", size: "lg" })}>
          {copy.customQuote}
        </Link>
      </CtaBand>

      <Section id="other-industries" title={copy.otherIndustriesTitle}>
        <ul className="grid gap-4 sm:grid-cols-3">
          {others.map((other) => (
            <li key={other.slug}>
              <Link
                to={`/industries/${other.slug}`}
                className="group flex items-center gap-4 rounded-xl border bg-card p-5 font-medium text-card-foreground shadow-sm transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <IconTile name={other.icon} />
                <span className="flex-1">{other.hero.eyebrow}</span>
                <ArrowRight
                  aria-hidden="true"
                  className="size-4 text-primary transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-24 text-center">
      <h1 className="font-bold text-3xl">Something went wrong</h1>
      <p className="text-muted-foreground">We could not load this page. Please try again in a moment.</p>
      <Link className="text-primary underline underline-offset-4" to="/">
        Return to Home
      </Link>
    </main>
  );
}
