import { data, redirect } from "react-router";
import { getRequestInfo, getServices } from "~/http/context.server";
import { requireFormData } from "~/http/form-data.server";
import { isSafeRedirectUrl } from "~/lib/schemas/leads";
import {
  consentCookie,
  loadConsentSettings,
  recordConsent,
  sendsGlobalPrivacyControl,
} from "~/server/consent/consent.server";
import { rateLimitAddress } from "~/server/rate-limit/client-address.server";
import { consumeRateLimit } from "~/server/rate-limit/rate-limit.server";
import type { Route } from "./+types/consent";

const CHOICES_PER_MINUTE = 30;

/**
 * POST /consent: the banner's form. Records the choice as proof of consent, keeps it in a cookie and
 * returns to the page, which then loads what the visitor allowed. Works the same with or without
 * JavaScript: a full page load is what puts the allowed tags in the page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = getServices(context);
  const form = await requireFormData(request);
  const choice = form.get("choice");
  if (choice !== "accept" && choice !== "reject" && choice !== "custom") {
    return data({ error: "Choose Accept all, Reject all or Save choices." }, { status: 400 });
  }
  const target = samePageAs(request);
  const limited = await consumeRateLimit(db, `consent:${rateLimitAddress(getRequestInfo(context).clientIp)}`, {
    windowSeconds: 60,
    max: CHOICES_PER_MINUTE,
  });
  if (!limited.allowed)
    return data({ error: "Too many choices at once. Please try again in a minute." }, { status: 429 });
  const settings = await loadConsentSettings(db);
  const { value } = await recordConsent(db, settings, {
    analytics: choice === "accept" || (choice === "custom" && form.get("analytics") === "on"),
    marketing: choice === "accept" || (choice === "custom" && form.get("marketing") === "on"),
    globalPrivacyControl: sendsGlobalPrivacyControl(request),
  });
  return redirect(target, { status: 303, headers: { "Set-Cookie": consentCookie(value, config.secureCookies) } });
}

/** Back to the page the banner was on (the Referer, same site only), else home. */
function samePageAs(request: Request) {
  const referer = request.headers.get("referer");
  try {
    const page = referer ? new URL(referer) : null;
    const back = page && page.host === new URL(request.url).host ? `${page.pathname}${page.search}` : "/";
    return isSafeRedirectUrl(back) && back !== "/consent" ? back : "/";
  } catch {
    return "/";
  }
}

export function loader() {
  return redirect("/#cookie-settings");
}
