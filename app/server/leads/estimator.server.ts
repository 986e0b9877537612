import { computeEstimate, estimateSummary } from "~/lib/estimate";
import type { EstimatorAnswers } from "~/lib/estimator";
import type { Database } from "../db/schema.server";
import { type LeadContext, saveLead } from "./capture.server";

export const ESTIMATOR_FORM_NAME = "Cost Estimator";
export const ESTIMATOR_SOURCE = "Cost Estimator";

/**
 * Saves a finished estimate as a lead of the 'Cost Estimator' form, with every answer as its form
 * submission. The figures are computed here from the answers; the browser's are never trusted.
 */
export async function saveEstimateLead(
  db: Database,
  { answers, attribution, mail, spamReason = null, rateLimit }: LeadContext & { answers: EstimatorAnswers },
) {
  const estimate = computeEstimate(answers);
  const saved = await saveLead(db, {
    rateLimit,
    fields: {
      name: answers.fullName,
      email: answers.email,
      phone: answers.phone || null,
      company: answers.company || null,
      source: ESTIMATOR_SOURCE,
      message: estimateSummary(answers, estimate),
    },
    formId: async (trx) =>
      (await trx.selectFrom("forms").select("id").where("name", "=", ESTIMATOR_FORM_NAME).executeTakeFirst())?.id ??
      null,
    submissionData: { ...answers },
    attribution,
    mail,
    spamReason,
  });
  return { ...saved, estimate };
}
