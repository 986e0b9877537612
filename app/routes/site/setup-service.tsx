import { data } from "react-router";
import { CurrencySwitch } from "~/components/site/currency-switch";
import { IconList } from "~/components/site/icon-list";
import { CheckIcon } from "~/components/site/icons/check-icon";
import { SetupServiceCard } from "~/components/site/pricing";
import { Section } from "~/components/site/section";
import { PageHero } from "~/components/site/sections/page-hero";
import { type SetupServiceSlug, setupServicePages } from "~/content/services";
import { getServices } from "~/http/context.server";
import { sitePageMeta } from "~/lib/seo";
import { loadPublicPricing } from "~/server/pricing/public-pricing.server";
import type { Route } from "./+types/setup-service";
import { useSiteData } from "./layout";

function slugOf(pathname: string) {
  const slug = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  return slug in setupServicePages ? (slug as SetupServiceSlug) : null;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData ? sitePageMeta(matches, setupServicePages[loaderData.slug].seo) : [];

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = slugOf(new URL(request.url).pathname.replace(/\.data$/, ""));
  if (!slug) throw data(null, { status: 404 });
  const pricing = await loadPublicPricing(getServices(context).db);
  const planType = setupServicePages[slug].planType;
  return { slug, plans: pricing.plans.filter((plan) => plan.planType === planType) };
}

/** The conversion-tracking and automation setup pages: one-time prices from the database. */
export default function SetupService({ loaderData }: Route.ComponentProps) {
  const { currency } = useSiteData();
  const page = setupServicePages[loaderData.slug];
  return (
    <main>
      <PageHero eyebrow={page.hero.eyebrow} title={page.hero.title} intro={page.hero.text}>
        <CurrencySwitch currency={currency} />
      </PageHero>
      <Section id="pricing" title="One-time setup" tone="muted">
        <div className="mx-auto grid max-w-md gap-8">
          {loaderData.plans.map((plan) => (
            <SetupServiceCard key={plan.id} plan={plan} currency={currency} />
          ))}
        </div>
      </Section>
      <Section id="included" title="What's included">
        <IconList items={page.included} icon={CheckIcon} className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2" />
      </Section>
      <Section id="process" title="How it works" tone="muted">
        <ol className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-4">
          {page.steps.map((step, index) => (
            <li key={step} className="rounded-xl border bg-card p-5 text-center">
              <span className="mx-auto mb-2 flex size-8 items-center justify-center rounded-full bg-primary font-bold text-primary-foreground">
                {index + 1}
              </span>
              <span className="font-medium">{step}</span>
            </li>
          ))}
        </ol>
      </Section>
    </main>
  );
}
