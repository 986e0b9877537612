import { Link } from "react-router";
import { CurrencySwitch } from "~/components/site/currency-switch";
import { FigureList } from "~/components/site/figure-list";
import { GetStartedButton } from "~/components/site/lead-dialog-button";
import { PlanSections, PricingDetails } from "~/components/site/pricing";
import { Section } from "~/components/site/section";
import { PageHero } from "~/components/site/sections/page-hero";
import { buttonVariants } from "~/components/ui/button-variants";
import { paidAdsPage } from "~/content/services";
import { getServices } from "~/http/context.server";
import { formatPrice, planPrice } from "~/lib/currency";
import { sitePageMeta } from "~/lib/seo";
import { loadPublicPricing } from "~/server/pricing/public-pricing.server";
import type { Route } from "./+types/paid-ads";
import { useSiteData } from "./layout";

export const meta: Route.MetaFunction = ({ matches }) => sitePageMeta(matches, paidAdsPage.seo);

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPricing(getServices(context).db);
}

export default function PaidAds({ loaderData }: Route.ComponentProps) {
  const { currency } = useSiteData();
  const cheapest = loaderData.plans
    .filter((plan) => plan.planType === "paid_ads")
    .reduce<number | null>((lowest, plan) => {
      const { price } = planPrice(plan, currency);
      return lowest === null || price < lowest ? price : lowest;
    }, null);
  return (
    <main>
      <PageHero eyebrow={paidAdsPage.hero.eyebrow} title={paidAdsPage.hero.title} intro={paidAdsPage.hero.text}>
        {cheapest !== null ? (
          <p className="w-full font-semibold text-lg" data-testid="starting-from">
            {`${paidAdsPage.bannerPrefix} ${formatPrice(cheapest, currency)}/month`}
          </p>
        ) : null}
        <CurrencySwitch currency={currency} />
      </PageHero>
      <PlanSections plans={loaderData.plans} currency={currency} titles={paidAdsPage} />
      <Section id="results">
        <FigureList
          figures={paidAdsPage.socialProof}
          className="mx-auto grid max-w-4xl gap-6 text-center sm:grid-cols-3"
          figureClassName="rounded-xl border bg-card p-6"
          labelClassName="text-muted-foreground"
          valueClassName="order-first font-bold text-4xl text-primary"
        />
      </Section>
      <Section
        id="winter-cta"
        tone="brand"
        title={paidAdsPage.winterCta.title}
        description={paidAdsPage.winterCta.text}
      >
        <div className="flex flex-wrap justify-center gap-3">
          <GetStartedButton source="Paid Ads Winter Special" variant="secondary" size="lg">
            {paidAdsPage.winterCta.primary}
          </GetStartedButton>
          <Link to="/#contact-section" className={buttonVariants({ variant: "onBrand", size: "lg" })}>
            {paidAdsPage.winterCta.secondary}
          </Link>
        </div>
      </Section>
      <PricingDetails ongoingManagement={loaderData.ongoingManagement} faq={loaderData.faq} />
    </main>
  );
}
