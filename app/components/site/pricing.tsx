import { CheckIcon } from "~/components/site/icons/check-icon";
import { GetStartedButton } from "~/components/site/lead-dialog-button";
import { Section } from "~/components/site/section";
import { SiteBadge } from "~/components/site/site-badge";
import { type Currency, formatPrice, planPrice } from "~/lib/currency";
import { cx } from "~/lib/cx";
import type { FaqContent, OngoingManagementContent } from "~/lib/schemas/pricing-content";
import type { PublicPlan } from "~/lib/types/pricing";

function FeatureList({ features }: { features: string[] }) {
  return (
    <ul className="mt-6 flex-1 space-y-2 text-sm">
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}

function PriceLine({
  price,
  original,
  currency,
  period,
}: {
  price: number;
  original: number | null;
  currency: Currency;
  period: string;
}) {
  return (
    <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
      <span className="font-bold text-4xl" data-testid="plan-price">
        {formatPrice(price, currency)}
      </span>
      <span className="text-muted-foreground">{period}</span>
      {original !== null ? (
        <span className="text-muted-foreground line-through">
          <span className="sr-only">was </span>
          {formatPrice(original, currency)}
        </span>
      ) : null}
    </p>
  );
}

/** Monthly plans in a grid and one-time setup services below them: /pricing and /services/paid-ads. */
export function PlanSections({
  plans,
  currency,
  titles: { plansTitle, setupTitle },
}: {
  plans: PublicPlan[];
  currency: Currency;
  titles: { plansTitle: string; setupTitle: string };
}) {
  const monthly = plans.filter((plan) => plan.planType === "paid_ads");
  const setup = plans.filter((plan) => plan.planType !== "paid_ads");
  return (
    <>
      <Section id="plans" title={plansTitle}>
        <div className="grid gap-8 pt-3 md:grid-cols-3">
          {monthly.map((plan) => (
            <PlanCard key={plan.id} plan={plan} currency={currency} />
          ))}
        </div>
      </Section>
      {setup.length > 0 ? (
        <Section id="setup-services" title={setupTitle} tone="muted">
          <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
            {setup.map((plan) => (
              <SetupServiceCard key={plan.id} plan={plan} currency={currency} />
            ))}
          </div>
        </Section>
      ) : null}
    </>
  );
}

export function PlanCard({
  plan,
  currency,
  period = "/month",
}: {
  plan: PublicPlan;
  currency: Currency;
  period?: string;
}) {
  const { price, original, percent } = planPrice(plan, currency);
  return (
    <article
      data-slot="plan-card"
      data-plan={plan.title}
      className={cx(
        "relative flex flex-col rounded-xl border bg-card p-6 shadow-sm",
        plan.isPopular && "border-primary ring-2 ring-primary",
      )}
    >
      {plan.isPopular ? <SiteBadge className="-top-3 absolute left-6">Most Popular</SiteBadge> : null}
      <h3 className="font-bold text-xl">{plan.title}</h3>
      {plan.subtitle ? <p className="mt-1 text-muted-foreground text-sm">{plan.subtitle}</p> : null}
      <PriceLine price={price} original={original} currency={currency} period={period} />
      {percent !== null ? (
        <SiteBadge variant="secondary" className="mt-2 w-fit">
          {`${percent}% OFF`}
        </SiteBadge>
      ) : null}
      {plan.winterDiscount > 0 ? (
        <p className="mt-2 font-medium text-primary text-sm">
          Winter offer: {plan.winterDiscount}% off your first month
        </p>
      ) : null}
      {plan.description ? <p className="mt-4 text-muted-foreground text-sm">{plan.description}</p> : null}
      <FeatureList features={plan.features} />
      <GetStartedButton
        source={`${plan.title} Plan`}
        className="mt-6 w-full"
        variant={plan.isPopular ? "default" : "outline"}
      >
        {plan.ctaText}
      </GetStartedButton>
    </article>
  );
}

export function SetupServiceCard({ plan, currency }: { plan: PublicPlan; currency: Currency }) {
  const { price, original, percent, saving } = planPrice(plan, currency);
  return (
    <article
      data-slot="setup-card"
      data-plan={plan.title}
      className="flex flex-col rounded-xl border bg-card p-6 shadow-sm"
    >
      {percent !== null ? <SiteBadge className="mb-3 w-fit">{`${percent}% OFF Winter Special`}</SiteBadge> : null}
      <h3 className="font-bold text-xl">{plan.title}</h3>
      {plan.subtitle ? <p className="mt-1 text-muted-foreground text-sm">{plan.subtitle}</p> : null}
      <PriceLine price={price} original={original} currency={currency} period="one-time" />
      {saving !== null ? (
        <p className="mt-1 font-medium text-primary text-sm">You save {formatPrice(saving, currency)}</p>
      ) : null}
      {plan.description ? <p className="mt-4 text-muted-foreground text-sm">{plan.description}</p> : null}
      <FeatureList features={plan.features} />
      <GetStartedButton source={plan.title} className="mt-6 w-full">
        {plan.ctaText}
      </GetStartedButton>
    </article>
  );
}

function OngoingManagement({ content }: { content: OngoingManagementContent }) {
  return (
    <Section id="ongoing-management" title={content.title} description={content.description} tone="muted">
      <div className="mx-auto grid max-w-3xl gap-4 sm:grid-cols-3">
        {content.examples.map((example) => (
          <div key={`${example.spend_usd}-${example.fee_usd}`} className="rounded-xl border bg-card p-5 text-center">
            <p className="text-muted-foreground text-sm">Ad spend {formatPrice(example.spend_usd, "USD")}/month</p>
            <p className="mt-1 font-bold text-2xl">{formatPrice(example.fee_usd, "USD")}</p>
            <p className="text-muted-foreground text-sm">management fee ({content.percentage}%)</p>
          </div>
        ))}
      </div>
    </Section>
  );
}

function PricingFaq({ content }: { content: FaqContent }) {
  return (
    <Section id="faq" title={content.title}>
      <div className="mx-auto max-w-3xl divide-y rounded-xl border bg-card">
        {content.questions.map((item) => (
          <details key={item.question} className="group p-5">
            <summary className="cursor-pointer list-none font-semibold [&::-webkit-details-marker]:hidden">
              {item.question}
            </summary>
            <p className="mt-3 text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

/** The sections below the plans that exist only when their content does: ongoing management and the FAQ. */
export function PricingDetails({
  ongoingManagement,
  faq,
}: {
  ongoingManagement: OngoingManagementContent | null;
  faq: FaqContent | null;
}) {
  return (
    <>
      {ongoingManagement ? <OngoingManagement content={ongoingManagement} /> : null}
      {faq ? <PricingFaq content={faq} /> : null}
    </>
  );
}
