import { data } from "react-router";
import { getStartedLeadSchema } from "~/lib/schemas/leads";
import type { AppServices } from "../context.server";

import { loadPublicSettings } from "../site/public-settings.server";
import { firstTouchOf } from "./attribution.server";
import { saveLead } from "./capture.server";
import { overLeadRateLimits } from "./lead-action.server";
import { HONEYPOT_FIELD, spamReason, TOO_MANY_SUBMISSIONS } from "./spam.server";

/** Any site may post to this endpoint (it is what the admin's Copy ID and embed snippet are for). */
export const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

const MAX_FIELDS = 50;
const MAX_FIELD_LENGTH = 5000;

function reply(body: Record<string, unknown>, status: number, extra: Record<string, string> = {}) {
  return data(body, { status, headers: { ...CORS_HEADERS, ...extra } });
}

/** Reads urlencoded, multipart or JSON bodies into plain string fields; files are ignored. */
async function readFields(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = (await request.json()) as unknown;
      if (!body || typeof body !== "object" || Array.isArray(body)) return null;
      return Object.fromEntries(
        Object.entries(body)
          .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value))
          .map(([key, value]) => [key, String(value)]),
      );
    }
    if (type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded")) {
      const form = await request.formData();
      return Object.fromEntries([...form].filter(([, value]) => typeof value === "string")) as Record<string, string>;
    }
  } catch {
    return null;
  }
  return null;
}

/** POST /api/forms/{formId}/submissions: a lead and a submission for an active form, from anywhere. */
export async function handlePublicSubmission(
  services: AppServices,
  request: Request,
  formId: string,
  clientIp?: string,
) {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: CORS_HEADERS });
  if (request.method !== "POST")
    return reply({ error: "Use POST to submit this form." }, 405, { Allow: "POST, OPTIONS" });
  const { db, config, logger, mailWorker } = services;

  const form = await db
    .selectFrom("forms")
    .select(["id", "name", "status"])
    .where("id", "=", formId)
    .executeTakeFirst();
  if (!form) return reply({ error: "No form with this id exists." }, 404);
  if (form.status !== "active")
    return reply({ error: `This form is ${form.status} and does not accept submissions.` }, 409);

  const fields = await readFields(request);
  if (!fields) {
    return reply({ error: "Send the fields as JSON, URL-encoded or multipart form data." }, 415);
  }
  const entries = Object.entries(fields);
  if (
    entries.length > MAX_FIELDS ||
    entries.some(([key, value]) => key.length > 100 || value.length > MAX_FIELD_LENGTH)
  ) {
    return reply({ error: `At most ${MAX_FIELDS} fields of at most ${MAX_FIELD_LENGTH} characters each.` }, 413);
  }
  const parsed = getStartedLeadSchema.safeParse(fields);
  if (!parsed.success) {
    const missing = parsed.error.issues.some((issue) => issue.message === "required");
    return reply(
      {
        error: missing
          ? "Please fill in your name and email address."
          : (parsed.error.issues[0]?.message ?? "Invalid input."),
        fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      },
      400,
    );
  }
  const email = parsed.data.email.toLowerCase();
  const waitSeconds = await overLeadRateLimits(db, clientIp, email);
  if (waitSeconds !== null) return reply({ error: TOO_MANY_SUBMISSIONS }, 429, { "Retry-After": String(waitSeconds) });

  const spam = spamReason(
    { honeypot: fields[HONEYPOT_FIELD], token: undefined, email },
    { secret: services.formSecret, requireToken: false },
  );
  const settings = await loadPublicSettings(db);
  const userAgent = request.headers.get("user-agent")?.slice(0, 500) ?? null;
  let leadId: string;
  try {
    ({ leadId } = await saveLead(db, {
      fields: {
        name: parsed.data.name,
        email: parsed.data.email,
        phone: parsed.data.phone ?? null,
        company: parsed.data.company ?? null,
        source: form.name,
        message: parsed.data.message ?? null,
      },
      formId: async () => form.id,
      submissionData: fields,
      attribution: {
        pageUrl: fields.page_url?.slice(0, 2048) ?? request.headers.get("referer")?.slice(0, 2048) ?? null,
        firstTouch: firstTouchOf(request),
        referrer: fields.referrer?.slice(0, 2048) ?? null,
        userAgent,
        browserInfo: {
          userAgent,
          language: request.headers.get("accept-language")?.split(",")[0] ?? null,
          platform: null,
        },
      },
      mail: { baseUrl: config.baseUrl, brandName: settings.siteTitle, notifyEmails: config.notifyEmails },
      spamReason: spam,
    }));
  } catch (error) {
    // Nothing was saved (one transaction); say so, so the sending site can retry.
    logger.error({ err: error, formId: form.id }, "lead capture failed");
    return reply({ error: "The submission could not be saved. Please try again." }, 503, { "Retry-After": "5" });
  }
  logger.info({ leadId, formId: form.id, spam, via: "public endpoint" }, "lead captured");
  void mailWorker.kick();
  return reply({ ok: true, leadId }, 201);
}
