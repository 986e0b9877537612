import type { RouteHandle } from "~/components/islands";
import { EstimatorWizard } from "~/components/site/estimator/estimator-wizard";
import { Section } from "~/components/site/section";
import { PageHero } from "~/components/site/sections/page-hero";
import { estimatorCopy, estimatorSeo } from "~/content/estimator";
import { headersWithRetryAfter } from "~/http/retry-after.server";
import { sitePageMeta } from "~/lib/seo";

import type { Route } from "./+types/cost-estimator";
import { handleEstimatorRequest } from "./cost-estimator.server";

/** The estimator is an application: its page loads React in the browser. */
export const handle: RouteHandle = { hydrate: true };

export function meta({ matches }: Route.MetaArgs) {
  return sitePageMeta(matches, estimatorSeo);
}

export function headers(args: Route.HeadersArgs) {
  return headersWithRetryAfter(args);
}

/** POST /cost-estimator: a step of the wizard without JavaScript, or the finished estimate. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleEstimatorRequest(context, request);
}

export default function CostEstimatorPage({ actionData }: Route.ComponentProps) {
  return (
    // Whole and usable as the server sent it: React hydrates at the visitor's first use (entry.client.tsx).
    <main data-hydrate="after-paint">
      <PageHero eyebrow={estimatorCopy.eyebrow} title={estimatorCopy.title} intro={estimatorCopy.intro} />
      <Section>
        <EstimatorWizard initial={actionData} />
      </Section>
    </main>
  );
}
