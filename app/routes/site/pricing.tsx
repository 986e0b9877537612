import { CurrencySwitch } from "~/components/site/currency-switch";
import { IconList } from "~/components/site/icon-list";
import { CheckIcon } from "~/components/site/icons/check-icon";
import { ShieldCheckIcon } from "~/components/site/icons/shield-check-icon";
import { SnowflakeIcon } from "~/components/site/icons/snowflake-icon";
import { PlanSections, PricingDetails } from "~/components/site/pricing";
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

const promises = [
  { icon: SnowflakeIcon, ...pricingPage.urgency },
  { icon: ShieldCheckIcon, ...pricingPage.guarantee },
];

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { currency } = useSiteData();
  return (
    <main>
      <PageHero eyebrow={pricingPage.hero.eyebrow} title={pricingPage.hero.title} intro={pricingPage.hero.text}>
        <CurrencySwitch currency={currency} />
      </PageHero>
      <PlanSections plans={loaderData.plans} currency={currency} titles={pricingPage} />
      <Section id="included" title={pricingPage.included.title}>
        <IconList
          items={pricingPage.included.items}
          icon={CheckIcon}
          className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2"
        />
      </Section>
      <Section id="winter-special" tone="brand">
        <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          {promises.map(({ icon: Icon, title, text }) => (
            <div key={title} className="flex gap-3">
              <Icon className="size-8 shrink-0" aria-hidden />
              <div>
                <h2 className="font-bold text-2xl">{title}</h2>
                <p className="mt-2 opacity-90">{text}</p>
              </div>
            </div>
          ))}
        </div>
      </Section>
      <PricingDetails ongoingManagement={loaderData.ongoingManagement} faq={loaderData.faq} />
    </main>
  );
}
