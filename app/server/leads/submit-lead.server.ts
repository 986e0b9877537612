import { data, type RouterContextProvider } from "react-router";
import { withoutControlCharacters } from "~/lib/control-characters";
import { isLeadFlow, isSafeRedirectUrl, type LeadFlow, leadFlows, leadMessages } from "~/lib/schemas/leads";
import { getRequestInfo, getServices } from "../context.server";
import { parseForm, requireFormData, typedValues } from "../http/form-data.server";
import { leadMailContext } from "../mail/lead-mails.server";
import { countLeadCaptured, countLeadRefused } from "../metrics/metrics.server";
import { firstTouchOf, landingPathOf, pathOfUrl } from "./attribution.server";
import { type Attribution, captureLead, UNAVAILABLE_RETRY_AFTER_SECONDS } from "./capture.server";
import { formTokenOf, HONEYPOT_FIELD, spamReason, TOO_MANY_SUBMISSIONS, TooManySubmissions } from "./spam.server";

const text = (value: FormDataEntryValue | null, max: number) => {
  const cleaned = typeof value === "string" ? withoutControlCharacters(value).trim() : "";
  return cleaned ? cleaned.slice(0, max) : null;
};

export function attributionOf(request: Request, formData: FormData): Attribution {
  const userAgent = request.headers.get("user-agent")?.slice(0, 500) ?? null;
  // Without JavaScript the form cannot say where it was; the Referer header can.
  const pageUrl = text(formData.get("pageUrl"), 2048) ?? request.headers.get("referer")?.slice(0, 2048) ?? null;
  return {
    firstTouch: firstTouchOf(request),
    pageUrl,
    // A visit without the beacon (no JavaScript) began, as far as we know, on the form's page.
    landingPath: landingPathOf(request.headers.get("cookie")) ?? pathOfUrl(pageUrl),
    referrer: text(formData.get("referrer"), 2048),
    userAgent,
    browserInfo: {
      userAgent,
      language:
        text(formData.get("language"), 50) ??
        request.headers.get("accept-language")?.split(",")[0]?.slice(0, 50) ??
        null,
      platform: text(formData.get("platform"), 50),
    },
  };
}

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
    return data(
      { flow, ok: false, title, description, fieldErrors, values: parsed.values, downloadUrl: null, redirectUrl: null },
      { status: 400 },
    );
  }
  const email = (parsed.data as { email: string }).email.toLowerCase();
  const spam = spamReason(
    { honeypot: formData.get(HONEYPOT_FIELD), token: formTokenOf(request), email },
    { secret: formSecret, requireToken: true },
  );
  let downloadUrl: string | null;
  try {
    const saved = await captureLead(
      db,
      flow,
      parsed.data as never,
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
      return data(
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
    return data(
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
  const redirectUrl = (parsed.data as { redirectUrl?: string }).redirectUrl;
  return data({
    flow,
    ok: true,
    title,
    description,
    fieldErrors: {} as Record<string, string>,
    values: {} as Record<string, string>,
    downloadUrl,
    leadEmail: flow === "guide" ? email : null,
    redirectUrl: isSafeRedirectUrl(redirectUrl) ? redirectUrl : null,
  });
}
