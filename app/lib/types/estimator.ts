import type { EstimatorAnswers } from "../estimator";

/**
 * What a cost-estimator answer (an `ActionResult<EstimatorStep>`: the no-JavaScript wizard's page state,
 * or the fetcher's reply) carries besides its toast and field errors: where the wizard goes next.
 */
export type EstimatorStep = {
  /** The step to show next (1–6), or the result screen when `done`. */
  step: number;
  done: boolean;
  answers: EstimatorAnswers;
  /** Once the estimate is saved: where its sender picks the call's time, the estimate's lead already known. */
  bookingUrl?: string | null;
};
