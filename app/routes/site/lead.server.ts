import { data, type RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "~/http/context.server";
import { parseForm, requireFormData, typedValues } from "~/http/form-data.server";
import { isLeadFlow, isSafeRedirectUrl, type LeadFlow, leadFlows, leadMessages } from "~/lib/schemas/leads";
import { attributionOf } from "~/server/leads/attribution.server";
import { captureLead, UNAVAILABLE_RETRY_AFTER_SECONDS } from "~/server/leads/capture.server";
import {
  formTokenOf,
  HONEYPOT_FIELD,
  spamReason,
  TOO_MANY_SUBMISSIONS,
  TooManySubmissions,
} from "~/server/leads/spam.server";
import { leadMailContext } from "~/server/mail/lead-mails.server";
import { countLeadCaptured, countLeadRefused } from "~/server/metrics/metrics.server";

/** What a visitor form's submission answers: the toast's texts, what to show under the fields, where to go next. */
export type LeadAnswer = {
  flow: LeadFlow;
  ok: boolean;
  title: string;
  description: string;
  fieldErrors: Record<string, string>;
  values: Record<string, string>;
  downloadUrl: string | null;
  redirectUrl: string | null;
  leadEmail?: string | null;
};

export const GUIDE_NOT_READY = [
  "Thank you!",
  "The guide is not ready for download yet. We have your details and will e-mail it to you as soon as it is.",
] as const;

/** Validates and saves one visitor form; the answer carries the toast texts for either path (with or without JavaScript). */
export async function handleLeadSubmission(context: Readonly<RouterContextProvider>, request: Request) {
  const services = getServices(context);
  const { db, logger, mailWorker, formSecret } = services;
  const formData = await requireFormData(request);
  const flowValue = formData.get("flow");
  const flow: LeadFlow = isLeadFlow(flowValue) ? flowValue : "contact";
  const parsed = parseForm(formData, leadFlows[flow]);
  if (!parsed.ok) {
    const missing = Object.values(parsed.fieldErrors).includes("required");
    const [title, description] = missing
      ? leadMessages[flow].missing
      : ["Please check the form", Object.values(parsed.fieldErrors)[0] ?? ""];
    const fieldErrors = Object.fromEntries(
      Object.entries(parsed.fieldErrors).map(([field, message]) => [
        field,
        message === "required" ? "This field is required." : message,
      ]),
    );
    countLeadRefused("site", "invalid");
    return data<LeadAnswer>(
      { flow, ok: false, title, description, fieldErrors, values: parsed.values, downloadUrl: null, redirectUrl: null },
      { status: 400 },
    );
  }
  const email = parsed.data.email.toLowerCase();
  const spam = spamReason(
    { honeypot: formData.get(HONEYPOT_FIELD), token: formTokenOf(request), email },
    { secret: formSecret, requireToken: true },
  );
  let downloadUrl: string | null;
  try {
    const saved = await captureLead(
      db,
      flow,
      parsed.data,
      attributionOf(request, formData),
      leadMailContext(services),
      spam,
      { clientIp: getRequestInfo(context).clientIp, email, secret: formSecret },
    );
    downloadUrl = saved.downloadUrl;
    countLeadCaptured("site", spam);
    logger.info({ leadId: saved.leadId, flow, mailsQueued: saved.mailsQueued, spam }, "lead captured");
    void mailWorker.kick();
  } catch (error) {
    if (error instanceof TooManySubmissions) {
      countLeadRefused("site", "rate_limited");
      return data<LeadAnswer>(
        {
          flow,
          ok: false,
          title: "Error",
          description: TOO_MANY_SUBMISSIONS,
          fieldErrors: {},
          values: typedValues(formData),
          downloadUrl: null,
          redirectUrl: null,
        },
        { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
      );
    }
    logger.error({ err: error, flow }, "lead capture failed");
    countLeadRefused("site", "unavailable");
    const [title, description] = leadMessages[flow].failure;
    // What was typed goes back into the form, so that sending it again is one click.
    return data<LeadAnswer>(
      {
        flow,
        ok: false,
        title,
        description,
        fieldErrors: {},
        values: typedValues(formData),
        downloadUrl: null,
        redirectUrl: null,
      },
      { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } },
    );
  }
  // No guide file uploaded yet: say so rather than promise a download that never starts.
  const [title, description] = flow === "guide" && !downloadUrl ? GUIDE_NOT_READY : leadMessages[flow].success;
  const redirectUrl = "redirectUrl" in parsed.data ? parsed.data.redirectUrl : undefined;
  return data<LeadAnswer>({
    flow,
    ok: true,
    title,
    description,
    fieldErrors: {},
    values: {},
    downloadUrl,
    leadEmail: flow === "guide" ? email : null,
    redirectUrl: isSafeRedirectUrl(redirectUrl) ? redirectUrl : null,
  });
}
