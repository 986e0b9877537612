import type { RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "~/http/context.server";
import { adSignalsOf } from "~/server/ads/signals.server";
import { attributionOf } from "~/server/leads/attribution.server";
import { type LeadContext, UNAVAILABLE_RETRY_AFTER_SECONDS } from "~/server/leads/capture.server";
import {
  formTokenOf,
  formTokenUse,
  HONEYPOT_FIELD,
  isTooManySubmissions,
  spamReason,
  TOO_MANY_SUBMISSIONS,
} from "~/server/leads/spam.server";
import { leadMailContext } from "~/server/mail/lead-mails.server";
import { countLeadCaptured, countLeadRefused } from "~/server/metrics/metrics.server";

/** A toast's title and description. */
type Message = readonly [title: string, description: string];

/**
 * Saves a visitor form's lead (the contact-style forms, the cost estimator) after the spam checks they
 * share, then counts and logs what happened. A refusal comes back with the visitor's message (too many
 * submissions, or the flow's `failureMessage` when the database does not answer), its status (429, 503)
 * and how long the visitor should wait.
 */
export async function saveVisitorLead<
  Saved extends { leadId: unknown; mailsQueued: unknown; spamReason: string | null },
>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  formData: FormData,
  {
    email,
    flow,
    via,
    failureMessage,
  }: { email: string; flow: string; via: "site" | "estimator"; failureMessage: Message },
  save: (lead: Required<LeadContext>) => Promise<Saved>,
): Promise<{ saved: Saved } | { refusal: { message: Message; init: ResponseInit } }> {
  const services = getServices(context);
  const { logger, mailWorker, formSecret } = services;
  const { clientIp } = getRequestInfo(context);
  const token = formTokenOf(request);
  const visitor = { clientIp, userAgent: request.headers.get("user-agent") };
  const flagged = spamReason(
    { honeypot: formData.get(HONEYPOT_FIELD), token, email, visitor },
    { secret: formSecret, requireToken: true },
  );
  try {
    const attribution = attributionOf(request, formData);
    const ads = await adSignalsOf(services.db, request, {
      config: services.config,
      clientIp,
      pageUrl: attribution.pageUrl,
    });
    const saved = await save({
      attribution: { ...attribution, ads },
      mail: leadMailContext(services),
      spamReason: flagged,
      rateLimit: { clientIp, email, secret: formSecret, formTokenUse: formTokenUse(formSecret, token) },
    });
    const spam = saved.spamReason;
    logger.info({ leadId: saved.leadId, flow, mailsQueued: saved.mailsQueued, spam }, "lead captured");
    countLeadCaptured(via, spam);
    void mailWorker.kick();
    return { saved };
  } catch (error) {
    if (isTooManySubmissions(error)) {
      countLeadRefused(via, "rate_limited");
      return {
        refusal: { message: ["Error", TOO_MANY_SUBMISSIONS], init: { status: error.status, headers: error.headers } },
      };
    }
    logger.error({ err: error, flow }, "lead capture failed");
    countLeadRefused(via, "unavailable");
    return {
      refusal: {
        message: failureMessage,
        init: { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } },
      },
    };
  }
}
