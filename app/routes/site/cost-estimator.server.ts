import { data, type RouterContextProvider } from "react-router";
import { actionResult } from "~/http/action-result.server";
import { getServices } from "~/http/context.server";
import { bookingLinkForLead } from "~/http/enquiry-link.server";
import { requireFormData } from "~/http/form-data.server";
import { saveVisitorLead } from "~/http/visitor-lead.server";
import {
  type EstimatorAnswers,
  estimatorMessages,
  readDraftAnswers,
  STEP_COUNT,
  stepOfAnswer,
  stepProblem,
} from "~/lib/estimator";
import { estimatorFormValues, estimatorSchema } from "~/lib/schemas/estimator";
import { toastMessage } from "~/lib/toast";
import type { ActionResult, FieldErrors } from "~/lib/types/action-result";
import type { EstimatorStep } from "~/lib/types/estimator";
import { saveEstimateLead } from "~/server/leads/estimator.server";
import { countLeadRefused } from "~/server/metrics/metrics.server";

type Reply = (
  body: Partial<EstimatorStep> & { step: number; message?: Message; fieldErrors?: FieldErrors },
  init?: number | ResponseInit,
) => ReturnType<typeof data<ActionResult<EstimatorStep>>>;

/** A toast for the browser, or a notice on the page without JavaScript. */
type Message = { type: "success" | "error"; title: string; description: string };

const clampStep = (value: number) => Math.min(STEP_COUNT, Math.max(1, Number.isInteger(value) ? value : 1));

/**
 * POST /cost-estimator. Without JavaScript every Next and Previous comes here (the answers travel in
 * hidden fields); with JavaScript only the final submission does. Either way the estimate is saved only
 * after the strict check, the rate limits and the spam checks the other visitor forms use.
 */
export async function handleEstimatorRequest(context: Readonly<RouterContextProvider>, request: Request) {
  const formData = await requireFormData(request);
  const intent = formData.get("intent");
  const answers = readDraftAnswers(formData);
  const current = clampStep(Number(formData.get("step")));
  const reply: Reply = ({ message, fieldErrors = {}, ...moved }, init) => {
    const status = typeof init === "number" ? init : init?.status;
    return data(
      actionResult<EstimatorStep>(typeof intent === "string" ? intent : "", status === undefined || status < 400, {
        toast: message ? toastMessage(message.type, message.title, message.description) : null,
        fieldErrors,
        payload: { done: false, answers, ...moved },
      }),
      init,
    );
  };

  if (intent === "previous") return reply({ step: clampStep(current - 1) });
  if (intent === "next") {
    const problem = stepProblem(current, answers);
    if (problem)
      return reply(
        { step: current, message: { type: "error", title: "Please complete this step", description: problem } },
        400,
      );
    return reply({ step: clampStep(current + 1) });
  }
  if (intent !== "submit") return reply({ step: current });
  return submitEstimate(context, request, formData, reply);
}

async function submitEstimate(
  context: Readonly<RouterContextProvider>,
  request: Request,
  formData: FormData,
  reply: Reply,
) {
  const { db } = getServices(context);
  const parsed = estimatorSchema.safeParse(estimatorFormValues(formData));
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    const fields = Object.keys(fieldErrors) as (keyof EstimatorAnswers)[];
    const step = Math.min(...fields.map((field) => stepOfAnswer[field] ?? STEP_COUNT));
    const missing = fields.some((field) => fieldErrors[field] === "required");
    const [title, description] =
      step === STEP_COUNT && missing
        ? estimatorMessages.missing
        : fieldErrors.email && step === STEP_COUNT
          ? estimatorMessages.invalidEmail
          : ["Please check your answers", Object.values(fieldErrors)[0] ?? ""];
    for (const field of fields) if (fieldErrors[field] === "required") fieldErrors[field] = "This field is required.";
    countLeadRefused("estimator", "invalid");
    return reply({ step, message: { type: "error", title, description }, fieldErrors }, 400);
  }
  const answers = parsed.data;
  const email = answers.email.toLowerCase();
  const outcome = await saveVisitorLead(
    context,
    request,
    formData,
    { email, flow: "cost-estimator", via: "estimator", failureMessage: estimatorMessages.failure },
    (lead) => saveEstimateLead(db, { answers, ...lead }),
  );
  if ("refusal" in outcome) {
    const [title, description] = outcome.refusal.message;
    return reply({ step: STEP_COUNT, message: { type: "error", title, description } }, outcome.refusal.init);
  }
  const [title, description] = estimatorMessages.success;
  return reply({
    step: STEP_COUNT,
    done: true,
    answers,
    bookingUrl: bookingLinkForLead(context, String(outcome.saved.leadId)),
    message: { type: "success", title, description },
  });
}
