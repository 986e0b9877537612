import { redirect } from "react-router";
import { ContactForm } from "~/components/site/forms/contact-form";
import { LeadDialogForm } from "~/components/site/forms/lead-dialog-form";
import { LeadSent } from "~/components/site/forms/lead-sent";
import { NewsletterForm } from "~/components/site/forms/newsletter-form";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { answeredLeadContext, handleLeadSubmission, thankYouRedirect } from "~/http/lead-submission.server";
import { headersWithRetryAfter } from "~/http/retry-after.server";
import { DEFAULT_GUIDE_TITLE, isLeadFlowName, type LeadFlowName, offeredGuideTitle } from "~/lib/lead-options";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/lead";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privatePageMeta(loaderData ? leadPageHeading(loaderData.flow, loaderData.hidden) : "Get in touch");

function leadPageHeading(flow: LeadFlowName, hidden: Record<string, string>) {
  if (flow === "newsletter") return "Subscribe to our newsletter";
  if (flow === "guide") return hidden.guideTitle ?? DEFAULT_GUIDE_TITLE;
  if (flow === "get-started") return `Get Started - ${hidden.sourceLabel ?? "Website"}`;
  return "Get in touch";
}

/** The dialog context a lead page's address may carry, per flow; the action checks it like any field. */
const dialogContext = {
  guide: ["guideTitle", "redirectUrl"],
  "get-started": ["sourceLabel", "formId", "redirectUrl"],
} as const;

/**
 * GET /lead?flow=…: the form on a page of its own, for visitors without JavaScript, with the context
 * the dialog would have carried (see leadPageHref). The action validates it like any other field.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const requested = url.searchParams.get("flow");
  const flow = isLeadFlowName(requested) ? requested : "contact";
  const hidden: Record<string, string> = {};
  if (flow === "guide" || flow === "get-started") {
    for (const name of dialogContext[flow]) {
      const value = url.searchParams.get(name)?.trim();
      if (value) hidden[name] = value;
    }
    // Only a guide the site offers is named on its page, as only such a guide is filed and mailed.
    const guideTitle = offeredGuideTitle(hidden.guideTitle);
    if (guideTitle) hidden.guideTitle = guideTitle;
    else delete hidden.guideTitle;
    const from = originatingPage(request, url);
    if (from) hidden.pageUrl = from;
  }
  return { flow, hidden, formAction: `/lead${url.search}` };
}

/**
 * The page of this site whose button led here, from the Referer of this page's request: the lead
 * credits that page (and its campaign) as the dialog would, not /lead itself.
 */
function originatingPage(request: Request, url: URL) {
  const referer = request.headers.get("referer");
  if (!referer) return null;
  try {
    const page = new URL(referer);
    return page.host === url.host && page.pathname !== "/lead" ? referer.slice(0, 2048) : null;
  } catch {
    return null;
  }
}

export function headers(args: Route.HeadersArgs) {
  return headersWithRetryAfter(args);
}

/**
 * POST /lead: every visitor form without JavaScript submits here. A success with nothing of its own to
 * show goes to the flow's thank-you page (post/redirect/get: a page the cache keeps, and no form sent
 * twice on reload); a guide's download or a redirect, and any refusal, answer on the page itself.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const answer = await (context.get(answeredLeadContext) ?? handleLeadSubmission(context, request));
  const thanks = thankYouRedirect(context, answer.data);
  if (thanks) {
    return redirect(thanks.location, {
      status: 303,
      headers: thanks.setCookie ? { "Set-Cookie": thanks.setCookie } : undefined,
    });
  }
  return answer;
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const flow = actionData?.payload?.flow ?? loaderData.flow;
  const { hidden, formAction } = loaderData;
  const title = actionData?.toast?.title ?? "";
  const description = actionData?.toast?.description ?? "";
  if (actionData?.ok) return <LeadSent title={title} description={description} {...actionData.payload} />;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values ?? {};
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="font-bold text-3xl">{leadPageHeading(flow, hidden)}</h1>
      {actionData ? (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>{title}</AlertTitle>
          <AlertDescription>{description}</AlertDescription>
        </Alert>
      ) : null}
      <div className="mt-8">
        {flow === "newsletter" ? (
          <NewsletterForm idPrefix="lead-newsletter" values={values} errors={errors} />
        ) : flow === "guide" || flow === "get-started" ? (
          <LeadDialogForm
            flow={flow}
            hidden={{ ...hidden, pageUrl: hidden.pageUrl ?? values.pageUrl }}
            action={formAction}
            values={values}
            errors={errors}
            guideTitle={flow === "guide" ? (hidden.guideTitle ?? DEFAULT_GUIDE_TITLE) : undefined}
            submitLabel={flow === "guide" ? "Download Now" : "Get Started"}
            busyLabel={flow === "guide" ? "Processing..." : "Submitting..."}
          />
        ) : (
          <ContactForm idPrefix="lead-contact" values={values} errors={errors} />
        )}
      </div>
    </main>
  );
}
