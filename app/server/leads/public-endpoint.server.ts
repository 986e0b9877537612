import type { z } from "zod";
import { getStartedLeadSchema } from "~/lib/schemas/leads";
import { AppError } from "~/server/app-error.server";
import { adSignalsOf } from "../ads/signals.server";
import { transactionSharingCommit } from "../db/commit-window.server";
import { preparedQuery } from "../db/prepared-query.server";
import type { Database } from "../db/schema.server";
import { newId } from "../db/values.server";
import { retryOnFailover } from "../db/write-retry.server";
import { leadMailContext } from "../mail/lead-mails.server";
import { countLeadCaptured, countLeadRefused } from "../metrics/metrics.server";
import type { AppServices } from "../services.server";
import { firstTouchFromCookies } from "./attribution.server";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, writeLead } from "./capture.server";
import { HONEYPOT_FIELD, isTooManySubmissions, spamReason } from "./spam.server";

const MAX_FIELDS = 50;
const MAX_FIELD_LENGTH = 5000;

/** The endpoint's answer: a status, a JSON body (or none) and any headers of its own. */
export type Reply = { status: number; body: Record<string, unknown> | null; headers?: Record<string, string> };

const reply = (status: number, body: Record<string, unknown> | null, headers?: Record<string, string>): Reply => ({
  status,
  body,
  headers,
});

/** What the endpoint needs of an HTTP request, whoever parsed it. */
export type PublicSubmission = {
  method: string;
  formId: string;
  contentType: string;
  body: () => Promise<Buffer | "too large">;
  clientIp: string | undefined;
  userAgent: string | undefined;
  referer: string | undefined;
  acceptLanguage: string | undefined;
  cookie: string | undefined;
  /** Any request header by name (the consent checks read the country and Global Privacy Control headers). */
  header: (name: string) => string | undefined;
};

const BODY_FORMATS = [
  { type: "application/json", name: "JSON" },
  { type: "application/x-www-form-urlencoded", name: "URL-encoded form data" },
  { type: "multipart/form-data", name: "multipart form data" },
] as const;

type ParsedFields = { fields: Record<string, string> } | { refusal: Reply };

const UNSUPPORTED_BODY = reply(415, { error: "Send the fields as JSON, URL-encoded or multipart form data." });

/**
 * Reads urlencoded, multipart or JSON bodies into plain string fields; files are ignored. A body of a
 * known type that does not parse is the sender's mistake to fix (400), an unknown type is 415.
 */
async function parseFields(type: string, body: Buffer): Promise<ParsedFields> {
  const mediaType = type.toLowerCase();
  const format = BODY_FORMATS.find((candidate) => mediaType.includes(candidate.type));
  if (!format) return { refusal: UNSUPPORTED_BODY };
  try {
    if (format.type === "application/json") {
      const parsed = JSON.parse(body.toString("utf8")) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
        return { refusal: reply(400, { error: 'Send a JSON object of fields, such as {"name": …, "email": …}.' }) };
      }
      const fields: Record<string, string> = {};
      for (const [key, value] of Object.entries(parsed)) {
        if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
          fields[key] = String(value);
        }
      }
      return { fields };
    }
    if (format.type === "application/x-www-form-urlencoded") {
      return { fields: Object.fromEntries(new URLSearchParams(body.toString("utf8"))) };
    }
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
    return {
      fields: Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === "string")),
    };
  } catch {
    return { refusal: reply(400, { error: `The body is not valid ${format.name}.` }) };
  }
}

const formById = preparedQuery((db, $: { id: string }) =>
  db.selectFrom("forms").select(["id", "name", "status"]).where("id", "=", $.id),
);

/** Form ids are UUIDs; anything far from that shape (a NUL, a page of text) is no form, unasked. */
async function findForm(db: Database, formId: string) {
  if (formId.length > 64 || formId.includes("\u0000")) return undefined;
  return (await formById(db, { id: formId })).rows[0];
}

/** POST /api/forms/{formId}/submissions: a lead and a submission for an active form, from anywhere. */
export async function handlePublicSubmission(services: AppServices, request: PublicSubmission): Promise<Reply> {
  if (request.method === "OPTIONS") return reply(204, null);
  if (request.method !== "POST")
    return reply(405, { error: "Use POST to submit this form." }, { Allow: "POST, OPTIONS" });
  const { db, logger, mailWorker } = services;

  const input = await readSubmission(request);
  if ("refusal" in input) {
    // Whatever is wrong with the fields, a missing or closed form is the first thing to say.
    try {
      const form = await findForm(db, request.formId);
      countLeadRefused("api", form?.status === "active" ? "invalid" : "form_closed");
      return form?.status === "active" ? input.refusal : replyOf(formRefusal(form));
    } catch (error) {
      logger.error({ err: error, formId: request.formId }, "form lookup failed");
      return input.refusal;
    }
  }
  const { fields, data } = input;
  const email = data.email.toLowerCase();
  const spam = spamReason(
    { honeypot: fields[HONEYPOT_FIELD], token: undefined, email },
    { secret: services.formSecret, requireToken: false },
  );
  const userAgent = request.userAgent?.slice(0, 500) ?? null;
  const pageUrl = fields.page_url?.slice(0, 2048) ?? request.referer?.slice(0, 2048) ?? null;
  // The sending page's click ids, kept as far as the visitor's consent to our site allows (a visitor
  // whose consent must be asked and who has not given it to this site counts as refusing).
  const ads = await adSignalsOf(
    db,
    { headers: { get: (name) => request.header(name) ?? null } },
    { config: services.config, clientIp: request.clientIp, pageUrl },
  );
  let leadId: string;
  try {
    // One transaction, so one turn on the database per lead: the form check, the limits and the writes.
    const chosenId = newId();
    ({ leadId } = await retryOnFailover(db, ({ retried }) =>
      transactionSharingCommit(db, async (trx) => {
        const form = await findForm(trx, request.formId);
        if (form?.status !== "active") throw formRefusal(form);
        return writeLead(trx, {
          leadId: chosenId,
          retried,
          rateLimit: { clientIp: request.clientIp, email, secret: services.formSecret },
          fields: {
            name: data.name,
            email: data.email,
            phone: data.phone ?? null,
            company: data.company ?? null,
            source: form.name,
            message: data.message ?? null,
          },
          formId: async () => form.id,
          submissionData: fields,
          attribution: {
            pageUrl,
            firstTouch: firstTouchFromCookies(request.cookie),
            referrer: fields.referrer?.slice(0, 2048) ?? null,
            userAgent,
            browserInfo: {
              userAgent,
              language: request.acceptLanguage?.split(",")[0]?.slice(0, 50) ?? null,
              platform: null,
            },
            ads,
          },
          mail: leadMailContext(services),
          spamReason: spam,
        });
      }),
    ));
  } catch (error) {
    if (isTooManySubmissions(error)) {
      countLeadRefused("api", "rate_limited");
      return replyOf(error);
    }
    if (error instanceof AppError) {
      countLeadRefused("api", "form_closed");
      return replyOf(error);
    }
    // Nothing was saved (one transaction); say so, so the sending site can retry.
    logger.error({ err: error, formId: request.formId }, "lead capture failed");
    countLeadRefused("api", "unavailable");
    return reply(
      503,
      { error: "The submission could not be saved. Please try again." },
      { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
    );
  }
  logger.info({ leadId, formId: request.formId, spam, via: "public endpoint" }, "lead captured");
  countLeadCaptured("api", spam);
  void mailWorker.kick();
  return reply(201, { ok: true, leadId });
}

/** Why a form that is missing or not active takes no submissions. */
function formRefusal(form: { status: string } | undefined) {
  if (!form) return new AppError("NOT_FOUND", "No form with this id exists.");
  return new AppError("CONFLICT", `This form is ${form.status} and does not accept submissions.`);
}

/** A refusal as the endpoint's JSON answer: its status, its message as `error`, its headers. */
function replyOf(error: AppError): Reply {
  return reply(error.status, { error: error.message }, error.headers);
}

const TOO_MANY_FIELDS = `At most ${MAX_FIELDS} fields of at most ${MAX_FIELD_LENGTH} characters each.`;

/** The body's fields, checked against the endpoint's limits and the lead schema, or why not. */
async function readSubmission(
  request: PublicSubmission,
): Promise<{ fields: Record<string, string>; data: z.output<typeof getStartedLeadSchema> } | { refusal: Reply }> {
  const body = await request.body();
  if (body === "too large") return { refusal: reply(413, { error: TOO_MANY_FIELDS }) };
  const parsedBody = await parseFields(request.contentType, body);
  if ("refusal" in parsedBody) return parsedBody;
  const { fields } = parsedBody;
  const entries = Object.entries(fields);
  if (
    entries.length > MAX_FIELDS ||
    entries.some(([key, value]) => key.length > 100 || value.length > MAX_FIELD_LENGTH)
  ) {
    return { refusal: reply(413, { error: TOO_MANY_FIELDS }) };
  }
  if (entries.some(([key, value]) => key.includes("\u0000") || value.includes("\u0000"))) {
    return { refusal: reply(400, { error: "Fields may not contain NUL characters." }) };
  }
  const parsed = getStartedLeadSchema.safeParse(fields);
  if (!parsed.success) {
    const missing = parsed.error.issues.some((issue) => issue.message === "required");
    return {
      refusal: reply(400, {
        error: missing
          ? "Please fill in your name and email address."
          : (parsed.error.issues[0]?.message ?? "Invalid input."),
        fields: Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])),
      }),
    };
  }
  return { fields, data: parsed.data };
}
