import { z } from "zod";
import { computeEstimate } from "~/lib/estimate";
import type { EstimatorAnswers } from "~/lib/estimator";
import type { Database } from "../db/schema.server";
import { fromJson } from "../db/values.server";
import { ESTIMATOR_FORM_NAME } from "../leads/estimator.server";
import type { AdStage } from "./stages.server";

/** An amount in the connection's currency: positive, to the cent. */
const amountSchema = z
  .number()
  .positive("must be more than 0")
  .max(1_000_000_000, "must be at most 1,000,000,000")
  .transform((amount) => Math.round(amount * 100) / 100);

/**
 * A value per stage sent (none: sent without one). `client` may instead take the monthly total of the
 * lead's latest cost estimate: what the agency expects the client to be worth a month.
 */
export const stageValuesSchema = z.strictObject({
  lead: amountSchema.optional(),
  call_booked: amountSchema.optional(),
  call_held: amountSchema.optional(),
  qualified: amountSchema.optional(),
  client: z.union([z.literal("estimate"), amountSchema]).optional(),
});

export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, "must be a 3-letter ISO 4217 currency code, such as USD");

export type StageValues = z.output<typeof stageValuesSchema>;

/** What a connection stores of its values: each stage's, and the agency's currency they are in. */
export type ValueSettings = { values?: StageValues; currency?: string };

/** A conversion's value as sent: an amount and its ISO 4217 currency. */
export type ConversionValue = { amount: number; currency: string };

/**
 * Why a connection's values cannot be used, by key, or null: a value needs the currency it is in,
 * and a value for a stage the connection does not send would never be seen.
 */
export function valuesProblem(config: ValueSettings & { stages: Partial<Record<AdStage, string>> }) {
  const stages = Object.keys(config.values ?? {}) as AdStage[];
  if (stages.length === 0) return null;
  if (!config.currency) return "currency: give the currency of the values, such as USD";
  const unmapped = stages.find((stage) => !config.stages[stage]);
  return unmapped ? `values.${unmapped}: the stage is not in stages` : null;
}

/** The monthly total of each lead's latest cost estimate, with its currency. */
export async function latestEstimates(db: Database, leadIds: readonly string[]) {
  const estimates = new Map<string, ConversionValue>();
  for (let start = 0; start < leadIds.length; start += 500) {
    const rows = await db
      .selectFrom("form_submissions")
      .innerJoin("forms", "forms.id", "form_submissions.form_id")
      .select(["form_submissions.lead_id", "form_submissions.data"])
      .where("form_submissions.lead_id", "in", leadIds.slice(start, start + 500))
      .where("forms.name", "=", ESTIMATOR_FORM_NAME)
      .orderBy("form_submissions.created_at", "desc")
      .orderBy("form_submissions.id", "desc")
      .execute();
    for (const row of rows) {
      if (!row.lead_id || estimates.has(row.lead_id)) continue;
      const answers = fromJson<Partial<EstimatorAnswers>>(row.data, {});
      if (
        typeof answers.monthlyAdSpend !== "number" ||
        typeof answers.campaignDuration !== "number" ||
        typeof answers.currency !== "string"
      ) {
        continue;
      }
      const estimate = computeEstimate(answers as EstimatorAnswers);
      estimates.set(row.lead_id, { amount: estimate.laterMonthlyTotal, currency: estimate.currency });
    }
  }
  return estimates;
}

/**
 * The value a stage goes with, or null: the fixed amount set for it, or for `client` set to
 * "estimate", the lead's estimate when it is in the connection's currency (there are no exchange
 * rates to convert it by, and a figure in the wrong currency would mislead the bidding).
 */
export function conversionValueOf(
  settings: ValueSettings,
  stage: AdStage,
  estimate: ConversionValue | undefined,
): ConversionValue | null {
  const value = settings.values?.[stage as keyof StageValues];
  if (value === undefined || !settings.currency) return null;
  if (value === "estimate") return estimate && estimate.currency === settings.currency ? estimate : null;
  return { amount: value, currency: settings.currency };
}

/** A connection's values in words, for the CLI and the Ad platforms screen; null when none is set. */
export function valuesText(settings: ValueSettings) {
  const entries = Object.entries(settings.values ?? {}).filter(([, value]) => value !== undefined);
  if (entries.length === 0 || !settings.currency) return null;
  return entries
    .map(([stage, value]) =>
      value === "estimate"
        ? `${stage.replace("_", " ")} = the estimate's monthly total (${settings.currency} estimates only)`
        : `${stage.replace("_", " ")} = ${Number(value).toFixed(2)} ${settings.currency}`,
    )
    .join(", ");
}
