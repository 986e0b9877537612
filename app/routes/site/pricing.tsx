import { CurrencySwitch } from "~/components/site/currency-switch";
import { CheckIcon } from "~/components/site/icons/CheckIcon";
import { ShieldCheckIcon } from "~/components/site/icons/ShieldCheckIcon";
import { SnowflakeIcon } from "~/components/site/icons/SnowflakeIcon";
import { OngoingManagement, PlanSections, PricingFaq } from "~/components/site/pricing";
import { Section } from "~/components/site/section";
import { PageHero } from "~/components/site/sections/page-hero";
import { pricingPage } from "~/content/pricing";
import { getServices } from "~/http/context.server";
import { sitePageMeta } from "~/lib/seo";
import { loadPublicPricing } from "~/server/pricing/public-pricing.server";
import type { Route } from "./+types/pricing";
import { useSiteData } from "./layout";

export const meta: Route.MetaFunction = ({ matches }) => sitePageMeta(matches, pricingPage.seo);

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPricing(getServices(context).db);
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { currency } = useSiteData();
  return (
    <main>
      <PageHero eyebrow={pricingPage.hero.eyebrow} title={pricingPage.hero.title} intro={pricingPage.hero.text}>
        <CurrencySwitch currency={currency} />
      </PageHero>
      <PlanSections
        plans={loaderData.plans}
        currency={currency}
        plansTitle={pricingPage.plansTitle}
        setupTitle={pricingPage.setupTitle}
      />
      <Section id="included" title={pricingPage.included.title}>
        <ul className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2">
          {pricingPage.included.items.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              {item}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="winter-special" tone="brand">
        <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          <div className="flex gap-3">
            <SnowflakeIcon className="size-8 shrink-0" aria-hidden />
            <div>
              <h2 className="font-bold text-2xl">{pricingPage.urgency.title}</h2>
              <p className="mt-2 opacity-90">{pricingPage.urgency.text}</p>
            </div>
          </div>
          <div className="flex gap-3">
            <ShieldCheckIcon className="size-8 shrink-0" aria-hidden />
            <div>
              <h2 className="font-bold text-2xl">{pricingPage.guarantee.title}</h2>
              <p className="mt-2 opacity-90">{pricingPage.guarantee.text}</p>
            </div>
          </div>
        </div>
      </Section>
      {loaderData.ongoingManagement ? <OngoingManagement content={loaderData.ongoingManagement} /> : null}
      {loaderData.faq ? <PricingFaq content={loaderData.faq} /> : null}
    </main>
  );
}
