import { isbot } from "isbot";
import { withoutControlCharacters } from "~/lib/control-characters";
import type { Database } from "../db/schema.server";
import { newId, now, toJson } from "../db/values.server";
import { landingPathOf, pathOfUrl, type Utm, utmFromUrl, visitCookie } from "../leads/attribution.server";
import { rateLimitAddress } from "../rate-limit/client-address.server";
import { consumeRateLimit } from "../rate-limit/rate-limit.server";
import type { AppServices } from "../services.server";

const EVENT_TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_BODY_BYTES = 4096;
const EVENTS_PER_MINUTE = 120;

/**
 * POST /api/events: page views and the events the site's pages send through `track()`, first-party.
 * Bad or excess events are dropped with a 4xx and never raise an error anywhere: tracking must not
 * cost a visitor anything.
 */
export async function recordEvent(services: AppServices, request: Request, clientIp: string | undefined) {
  if (request.method !== "POST")
    return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return Response.json({ error: "Event too large." }, { status: 413 });
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return Response.json({ error: "Send the event as JSON." }, { status: 400 });
  }
  const eventType = body?.event_type;
  if (typeof eventType !== "string" || !EVENT_TYPE.test(eventType)) {
    return Response.json({ error: "event_type must be a short snake_case name." }, { status: 400 });
  }
  const pageUrl = typeof body.page_url === "string" ? withoutControlCharacters(body.page_url).slice(0, 2048) : null;
  const properties =
    body.properties && typeof body.properties === "object" && !Array.isArray(body.properties) ? body.properties : null;
  const outcome = await saveEvent(services, {
    eventType,
    pageUrl,
    properties,
    userAgent: request.headers.get("user-agent"),
    cookies: request.headers.get("cookie"),
    clientIp,
  });
  if (outcome === "limited") return Response.json({ error: "Too many events." }, { status: 429 });
  if (outcome === "failed") return Response.json({ error: "Not recorded." }, { status: 503 });
  return new Response(null, { status: 204, headers: outcome.setCookie ? { "Set-Cookie": outcome.setCookie } : {} });
}

type EventInput = {
  eventType: string;
  pageUrl: string | null;
  properties: object | null;
  userAgent: string | null;
  cookies: string | null;
  clientIp: string | undefined;
};

/**
 * One event, rate-limited per visitor address. A page view without the visit cookie begins a visit
 * (bots never do): it is marked, counted in the day's roll-up in the same transaction, and answered
 * with the cookie, so that whichever of the script beacon or the no-script pixel comes first starts
 * the visit and the other one does not start another.
 */
async function saveEvent(
  services: AppServices,
  { eventType, pageUrl, properties, userAgent: rawUserAgent, cookies, clientIp }: EventInput,
): Promise<"limited" | "failed" | { setCookie: string | null }> {
  try {
    const limited = await consumeRateLimit(services.db, `events:${rateLimitAddress(clientIp)}`, {
      windowSeconds: 60,
      max: EVENTS_PER_MINUTE,
    });
    if (!limited.allowed) return "limited";
    const userAgent = rawUserAgent?.slice(0, 500) ?? null;
    const pagePath = pathOfUrl(pageUrl);
    const visitStart = eventType === "page_view" && pagePath !== null && !landingPathOf(cookies) && !isbot(userAgent);
    const utm = utmFromUrl(pageUrl);
    const at = now();
    await services.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("analytics_events")
        .values({
          id: newId(),
          event_type: eventType,
          page_url: pageUrl,
          user_agent: userAgent,
          ...utm,
          properties: properties ? toJson(properties) : null,
          visit_start: visitStart,
          landing_path: visitStart ? pagePath : landingPathOf(cookies),
          created_at: at,
        })
        .execute();
      if (visitStart && pagePath) await countVisit(trx, at.slice(0, 10), utm, pagePath);
    });
    return { setCookie: visitStart && pagePath ? visitCookie(pagePath, services.config.secureCookies) : null };
  } catch (error) {
    services.logger.warn({ err: error, eventType }, "analytics event not recorded");
    return "failed";
  }
}

function hostOf(url: string) {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** The smallest transparent GIF: a browser shows nothing and logs no broken image. */
const TRANSPARENT_GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

/**
 * GET /api/page-view: the image public pages load inside `<noscript>`, so a browser without
 * JavaScript records its page view (and starts a visit) as the script beacon does for the others.
 * The page is the one that loaded the image (its Referer). Always the image, whatever happened, and
 * never cached.
 */
export async function recordPageViewPixel(
  services: AppServices,
  headers: { host?: string; referer?: string; cookie?: string; "user-agent"?: string },
  clientIp: string | undefined,
) {
  // Only this site's own pages: another site showing the image counts nothing.
  const pageUrl =
    headers.referer && hostOf(headers.referer) === headers.host
      ? withoutControlCharacters(headers.referer).slice(0, 2048)
      : null;
  const outcome = pageUrl
    ? await saveEvent(services, {
        eventType: "page_view",
        pageUrl,
        properties: { script: false },
        userAgent: headers["user-agent"] ?? null,
        cookies: headers.cookie ?? null,
        clientIp,
      })
    : null;
  return {
    body: TRANSPARENT_GIF,
    headers: {
      "Cache-Control": "no-store",
      "Content-Type": "image/gif",
      ...(typeof outcome === "object" && outcome?.setCookie ? { "Set-Cookie": outcome.setCookie } : {}),
    },
  };
}

/** One more visit in the day's roll-up, which the funnel reads instead of scanning raw events. */
export async function countVisit(db: Database, day: string, utm: Utm, landingPath: string) {
  await db
    .insertInto("visit_days")
    .values({
      day,
      utm_campaign: utm.utm_campaign ?? "",
      utm_source: utm.utm_source ?? "",
      utm_medium: utm.utm_medium ?? "",
      landing_path: landingPath,
      visits: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(["day", "utm_campaign", "utm_source", "utm_medium", "landing_path"])
        .doUpdateSet((eb) => ({ visits: eb("visit_days.visits", "+", 1) })),
    )
    .execute();
}
