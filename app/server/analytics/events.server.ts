import { withoutControlCharacters } from "~/lib/control-characters";
import type { AppServices } from "../context.server";
import { newId, now, toJson } from "../db/values.server";
import { utmFromUrl } from "../leads/attribution.server";
import { rateLimitAddress } from "../rate-limit/client-address.server";
import { consumeRateLimit } from "../rate-limit/rate-limit.server";

const EVENT_TYPE = /^[a-z][a-z0-9_]{0,63}$/;
const MAX_BODY_BYTES = 4096;
const EVENTS_PER_MINUTE = 120;

/**
 * POST /api/events: page views and the spec's events, first-party. Bad or excess events are dropped
 * with a 4xx and never raise an error anywhere: tracking must not cost a visitor anything.
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
  try {
    const limited = await consumeRateLimit(services.db, `events:${rateLimitAddress(clientIp)}`, {
      windowSeconds: 60,
      max: EVENTS_PER_MINUTE,
    });
    if (!limited.allowed) return Response.json({ error: "Too many events." }, { status: 429 });
    await services.db
      .insertInto("analytics_events")
      .values({
        id: newId(),
        event_type: eventType,
        page_url: pageUrl,
        user_agent: request.headers.get("user-agent")?.slice(0, 500) ?? null,
        ...utmFromUrl(pageUrl),
        properties: properties ? toJson(properties) : null,
        created_at: now(),
      })
      .execute();
  } catch (error) {
    services.logger.warn({ err: error, eventType }, "analytics event not recorded");
    return Response.json({ error: "Not recorded." }, { status: 503 });
  }
  return new Response(null, { status: 204 });
}
