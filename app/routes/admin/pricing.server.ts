import { intent } from "~/http/intents.server";
import { editedIdField } from "~/lib/schemas/content";
import { planActiveSchema, planIdSchema, pricingContentSchema, pricingPlanSchema } from "~/lib/schemas/pricing";
import { updatePricingContent } from "~/server/pricing/content.server";
import { createPlan, deletePlan, setPlanActive, updatePlan } from "~/server/pricing/plans.server";

/** The plan dialog posts the plan's id when it edits one, and none for a new plan. */
const savePlanSchema = pricingPlanSchema.extend({ id: editedIdField });

export const pricingIntents = {
  "save-plan": intent(savePlanSchema, {
    success: "Pricing plan saved successfully",
    failure: "Failed to save pricing plan",
    run: async ({ id, ...plan }, { db, actor }) => {
      if (id) await updatePlan(db, id, plan, actor);
      else await createPlan(db, plan, actor);
    },
  }),
  "set-active": intent(planActiveSchema, {
    success: "Pricing plan saved successfully",
    failure: "Failed to save pricing plan",
    run: ({ id, isActive }, { db, actor }) => setPlanActive(db, id, isActive, actor),
  }),
  "delete-plan": intent(planIdSchema, {
    success: "Pricing plan deleted successfully",
    failure: "Failed to delete pricing plan",
    run: ({ id }, { db, actor }) => deletePlan(db, id, actor),
  }),
  "save-content": intent(pricingContentSchema, {
    success: "Content saved successfully",
    failure: "Failed to save content",
    run: (content, { db, actor }) => updatePricingContent(db, content, actor),
  }),
};
