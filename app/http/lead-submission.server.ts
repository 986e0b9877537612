import { createContext, data, type RouterContextProvider } from "react-router";
import { isThankYouFlow, thankYouPath } from "~/lib/lead-options";
import { isLeadFlow, isSafeRedirectUrl, type LeadFlow, leadFlows, leadMessages } from "~/lib/schemas/leads";
import { toastMessage } from "~/lib/toast";
import type { FieldErrors } from "~/lib/types/action-result";
import type { LeadAnswer, LeadOutcome } from "~/lib/types/leads";
import { captureLead } from "~/server/leads/capture.server";
import { countLeadRefused } from "~/server/metrics/metrics.server";
import { actionResult } from "./action-result.server";
import { getServices } from "./context.server";
import { bookingLeadCookie, bookingLinkForLead } from "./enquiry-link.server";
import { parseForm, requireFormData, typedValues } from "./form-data.server";
import { saveVisitorLead } from "./visitor-lead.server";

/** A visitor form's answer; `intent` is always "lead", the flow is in the payload. */
function leadAnswer(
  ok: boolean,
  [title, description]: readonly [string, string],
  payload: LeadOutcome,
  { fieldErrors = {}, values = {} }: { fieldErrors?: FieldErrors; values?: Record<string, string> } = {},
): LeadAnswer {
  const toast = toastMessage(ok ? "success" : "error", title, description);
  return actionResult("lead", ok, { toast, fieldErrors, values, payload });
}

const nothingFollows = (flow: LeadFlow): LeadOutcome => ({ flow, downloadUrl: null, redirectUrl: null });

export const GUIDE_NOT_READY = [
  "Thank you!",
  "The guide is not ready for download yet. We have your details and will e-mail it to you as soon as it is.",
] as const;

/**
 * Validates and saves one visitor form; the answer carries the toast texts for either path (with or
 * without JavaScript). `sent`: the form's fields when the body has been read already.
 */
export async function handleLeadSubmission(
  context: Readonly<RouterContextProvider>,
  request: Request,
  sent?: FormData,
): Promise<ReturnType<typeof data<LeadAnswer>>> {
  const { db } = getServices(context);
  const formData = sent ?? (await requireFormData(request));
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
    return data(leadAnswer(false, [title, description], nothingFollows(flow), { fieldErrors, values: parsed.values }), {
      status: 400,
    });
  }
  const email = parsed.data.email.toLowerCase();
  const outcome = await saveVisitorLead(
    context,
    request,
    formData,
    { email, flow, via: "site", failureMessage: leadMessages[flow].failure },
    (lead) => captureLead(db, { flow, input: parsed.data, ...lead }),
  );
  if ("refusal" in outcome) {
    // What was typed goes back into the form, so that sending it again is one click.
    return data(
      leadAnswer(false, outcome.refusal.message, nothingFollows(flow), { values: typedValues(formData) }),
      outcome.refusal.init,
    );
  }
  const { downloadUrl } = outcome.saved;
  // No guide file uploaded yet: say so rather than promise a download that never starts.
  const message = flow === "guide" && !downloadUrl ? GUIDE_NOT_READY : leadMessages[flow].success;
  const redirectUrl = "redirectUrl" in parsed.data ? parsed.data.redirectUrl : undefined;
  return data(
    leadAnswer(true, message, {
      flow,
      downloadUrl,
      redirectUrl: isSafeRedirectUrl(redirectUrl) ? redirectUrl : null,
      leadEmail: flow === "guide" ? email : null,
      bookingUrl: flow === "contact" ? bookingLinkForLead(context, String(outcome.saved.leadId)) : null,
    }),
  );
}

/**
 * Where the sender of a form without JavaScript goes next (post/redirect/get: no form sent twice on
 * reload): an enquiry to the times for its call, other flows to their thank-you page (one the cache
 * keeps); an enquiry also gets the cookie that lets a later visit to /book know its sender. Null when
 * the answer shows on the form's page itself (a guide's download, a redirect, any refusal).
 */
export function thankYouRedirect(context: Readonly<RouterContextProvider>, sent: LeadAnswer) {
  const outcome = sent.payload;
  if (!sent.ok || !outcome || !isThankYouFlow(outcome.flow) || outcome.redirectUrl) return null;
  return {
    // An enquiry goes straight on to the times for its call, as one page of its own (never cached).
    location: outcome.bookingUrl ?? thankYouPath(outcome.flow),
    setCookie: outcome.bookingUrl ? bookingLeadCookie(context, outcome.bookingUrl) : null,
  };
}

/**
 * A form post to /lead already answered before the route (see lead-post.server.ts): the
 * route's action shows that answer instead of reading the body, which has been read.
 */
export const answeredLeadContext = createContext<AnsweredLead | null>(null);

export type AnsweredLead = ReturnType<typeof handleLeadSubmission>;
