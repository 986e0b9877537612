import { data, type RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "~/http/context.server";
import { requireFormData } from "~/http/form-data.server";
import {
  type EstimatorAnswers,
  estimatorMessages,
  readDraftAnswers,
  STEP_COUNT,
  stepOfAnswer,
  stepProblem,
} from "~/lib/estimator";
import { estimatorFormValues, estimatorSchema } from "~/lib/schemas/estimator";
import { attributionOf } from "~/server/leads/attribution.server";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "~/server/leads/capture.server";
import { saveEstimateLead } from "~/server/leads/estimator.server";
import {
  formTokenOf,
  HONEYPOT_FIELD,
  spamReason,
  TOO_MANY_SUBMISSIONS,
  TooManySubmissions,
} from "~/server/leads/spam.server";
import { leadMailContext } from "~/server/mail/lead-mails.server";
import { countLeadCaptured, countLeadRefused } from "~/server/metrics/metrics.server";

export type EstimatorActionData = {
  /** The step to show next (1–6), or the result screen when `done`. */
  step: number;
  done: boolean;
  answers: EstimatorAnswers;
  /** A toast for the browser, or a notice on the page without JavaScript. */
  message: { type: "success" | "error"; title: string; description: string } | null;
  fieldErrors: Record<string, string>;
};

type Reply = (
  body: Partial<EstimatorActionData> & { step: number },
  init?: number | ResponseInit,
) => ReturnType<typeof data<EstimatorActionData>>;

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
  const reply: Reply = (body, init) =>
    data<EstimatorActionData>(
      {
        done: false,
        answers,
        message: null,
        fieldErrors: {},
        ...body,
      },
      init,
    );

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
  const services = getServices(context);
  const { db, logger, mailWorker, formSecret } = services;
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
  const spam = spamReason(
    { honeypot: formData.get(HONEYPOT_FIELD), token: formTokenOf(request), email },
    { secret: formSecret, requireToken: true },
  );
  try {
    const { leadId, mailsQueued } = await saveEstimateLead(
      db,
      answers,
      attributionOf(request, formData),
      leadMailContext(services),
      spam,
      { clientIp: getRequestInfo(context).clientIp, email, secret: formSecret },
    );
    logger.info({ leadId, flow: "cost-estimator", mailsQueued, spam }, "lead captured");
    countLeadCaptured("estimator", spam);
    void mailWorker.kick();
  } catch (error) {
    if (error instanceof TooManySubmissions) {
      countLeadRefused("estimator", "rate_limited");
      return reply(
        { step: STEP_COUNT, message: { type: "error", title: "Error", description: TOO_MANY_SUBMISSIONS } },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    logger.error({ err: error, flow: "cost-estimator" }, "lead capture failed");
    countLeadRefused("estimator", "unavailable");
    const [title, description] = estimatorMessages.failure;
    return reply(
      { step: STEP_COUNT, message: { type: "error", title, description } },
      { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } },
    );
  }
  const [title, description] = estimatorMessages.success;
  return reply({ step: STEP_COUNT, done: true, answers, message: { type: "success", title, description } });
}
