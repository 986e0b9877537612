import { faqContentSchema, ongoingManagementContentSchema } from "~/lib/schemas/pricing-content";
import type { PublicPlan } from "~/lib/types/pricing";
import type { Database } from "../db/schema.server";
import { loadActivePricingContent } from "./content.server";
import { listActivePlans } from "./plans.server";

/**
 * Everything the public pricing views show, from the database alone: active plans by display order,
 * and the ongoing-management and FAQ sections only when their content exists and is well formed.
 */
export async function loadPublicPricing(db: Database) {
  const [plans, content] = await Promise.all([listActivePlans(db), loadActivePricingContent(db)]);
  const ongoing = ongoingManagementContentSchema.safeParse(content.ongoing_management?.content);
  const faq = faqContentSchema.safeParse(content.faq?.content);
  return {
    plans: plans.map(({ isActive: _active, updatedAt: _updated, ...plan }): PublicPlan => plan),
    ongoingManagement: ongoing.success ? ongoing.data : null,
    faq: faq.success && faq.data.questions.length > 0 ? faq.data : null,
  };
}

export type PublicPricing = Awaited<ReturnType<typeof loadPublicPricing>>;
