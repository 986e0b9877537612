/**
 * Local HTTPS stand-ins for Google's OAuth token endpoint and Data Manager API (with the Google Ads
 * API's conversion adjustments), Meta's Conversions API and LinkedIn's Conversions API. Each checks a
 * request field by field as the platform's reference describes it, answers as the platform does
 * (its success bodies and its error bodies), and counts conversions by the id the platform
 * deduplicates by, so a resent conversion is seen as the platform sees it: once.
 */
import { createVerify } from "node:crypto";
import { once } from "node:events";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { makeLoopbackCertificate } from "./tls";

export type AdRoute = "token" | "google" | "adjustments" | "meta" | "linkedin";
/** An answer given instead of the platform's, no answer at all, or the platform's once `after` settles. */
export type Forced = { status: number; body: unknown } | "hang" | { after: Promise<unknown> };

export type ReceivedRequest = { route: AdRoute; headers: IncomingHttpHeaders; body: string; json: unknown };

const HEX64 = /^[0-9a-f]{64}$/;
const CURRENCY = /^[A-Z]{3}$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });
export const metaError = (message: string, code = 100) => ({
  error: { message, type: "OAuthException", code, error_subcode: 2804003, fbtrace_id: "AbCdEfGh" },
});
export const linkedinError = (status: number, message: string) => ({ status, code: "INVALID_ARGUMENT", message });

/** What is wrong with a Data Manager ingest request, or null. */
function googleProblems(body: unknown, token: string | undefined): string | null {
  if (!isObject(body)) return "body is not an object";
  const { destinations, events, encoding } = body;
  if (!Array.isArray(destinations) || destinations.length === 0) return "destinations is required";
  const references = new Set<string>();
  for (const destination of destinations) {
    if (!isObject(destination)) return "destination is not an object";
    const account = destination.operatingAccount;
    if (!isObject(account) || account.accountType !== "GOOGLE_ADS" || !/^\d{10}$/.test(String(account.accountId))) {
      return "destinations.operatingAccount must be a GOOGLE_ADS account with a 10-digit accountId";
    }
    if (typeof destination.productDestinationId !== "string" || destination.productDestinationId === "") {
      return "destinations.productDestinationId is required";
    }
    if (typeof destination.reference === "string") references.add(destination.reference);
  }
  if (!Array.isArray(events) || events.length === 0) return "events is required";
  if (events.length > 2000) return "At most 2000 events can be sent in a single request";
  if (!token) return "missing bearer token";
  let hashed = false;
  for (const event of events) {
    if (!isObject(event)) return "event is not an object";
    if (typeof event.transactionId !== "string" || !event.transactionId) return "events.transactionId is required";
    if (typeof event.eventTimestamp !== "string" || !RFC3339.test(event.eventTimestamp)) {
      return "events.eventTimestamp must be an RFC 3339 timestamp";
    }
    const refs = event.destinationReferences;
    if (destinations.length > 1 && (!Array.isArray(refs) || !refs.every((ref) => references.has(String(ref))))) {
      return "events.destinationReferences must name a destination's reference";
    }
    const consent = event.consent;
    if (consent !== undefined) {
      if (!isObject(consent)) return "events.consent is not an object";
      for (const key of ["adUserData", "adPersonalization"]) {
        if (consent[key] !== undefined && !["CONSENT_GRANTED", "CONSENT_DENIED"].includes(String(consent[key]))) {
          return `events.consent.${key} must be CONSENT_GRANTED or CONSENT_DENIED`;
        }
      }
    }
    if (event.conversionValue !== undefined || event.currency !== undefined) {
      if (typeof event.conversionValue !== "number" || event.conversionValue < 0) {
        return "events.conversionValue must be a non-negative number";
      }
      if (typeof event.currency !== "string" || !CURRENCY.test(event.currency)) {
        return "events.currency must be an ISO 4217 code when conversionValue is set";
      }
    }
    const ids = event.adIdentifiers;
    if (ids !== undefined && !isObject(ids)) return "events.adIdentifiers is not an object";
    const userData = event.userData;
    if (userData !== undefined) {
      const identifiers = isObject(userData) ? userData.userIdentifiers : undefined;
      if (!Array.isArray(identifiers) || identifiers.length > 10) return "userData.userIdentifiers: at most 10";
      for (const identifier of identifiers) {
        if (!isObject(identifier)) return "userIdentifier is not an object";
        const value = identifier.emailAddress ?? identifier.phoneNumber;
        if (typeof value !== "string" || !HEX64.test(value))
          return "userIdentifiers must be hex-encoded SHA-256 hashes";
        hashed = true;
      }
    }
    if (!ids && !userData) return "events need an ad identifier or user data";
  }
  if (hashed && encoding !== "HEX") return "encoding must be given (HEX) for hashed user data";
  return null;
}

function adjustmentProblems(body: unknown, path: string): string | null {
  if (!/^\/v\d+\/customers\/\d{10}:uploadConversionAdjustments$/.test(path)) return `unknown path ${path}`;
  if (!isObject(body) || !Array.isArray(body.conversionAdjustments)) return "conversionAdjustments is required";
  if (body.partialFailure !== true) return "partialFailure must be true";
  for (const adjustment of body.conversionAdjustments) {
    if (!isObject(adjustment)) return "adjustment is not an object";
    if (!/^customers\/\d{10}\/conversionActions\/\d+$/.test(String(adjustment.conversionAction))) {
      return "conversionAction must be a conversion action resource name";
    }
    if (adjustment.adjustmentType !== "RETRACTION") return "adjustmentType must be RETRACTION here";
    if (typeof adjustment.orderId !== "string") return "orderId is required";
    if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(String(adjustment.adjustmentDateTime))) {
      return "adjustmentDateTime must be yyyy-mm-dd hh:mm:ss+|-hh:mm";
    }
  }
  return null;
}

function metaProblems(body: unknown, nowMs: number): string | null {
  if (!isObject(body) || !Array.isArray(body.data) || body.data.length === 0) return "The parameter data is required";
  if (body.data.length > 1000) return "At most 1000 events a request";
  for (const event of body.data) {
    if (!isObject(event)) return "event is not an object";
    if (typeof event.event_name !== "string" || !event.event_name) return "event_name is required";
    const time = event.event_time;
    if (typeof time !== "number" || !Number.isInteger(time) || time > nowMs / 1000 + 60) {
      return "event_time must be a Unix time in seconds, not in the future";
    }
    if (nowMs / 1000 - time > 7 * 24 * 3600) return "event_time is more than 7 days ago";
    if (typeof event.event_id !== "string" || !event.event_id) return "event_id is required for deduplication";
    if (
      !["website", "system_generated", "email", "phone_call", "chat", "physical_store", "app", "other"].includes(
        String(event.action_source),
      )
    ) {
      return "action_source is not valid";
    }
    const custom = event.custom_data;
    if (custom !== undefined) {
      if (!isObject(custom)) return "custom_data is not an object";
      if (custom.value !== undefined) {
        if (typeof custom.value !== "number" || custom.value < 0) return "custom_data.value must be a number";
        if (typeof custom.currency !== "string" || !CURRENCY.test(custom.currency)) {
          return "custom_data.currency is required with value (ISO 4217)";
        }
      }
    }
    const user = event.user_data;
    if (!isObject(user)) return "user_data is required";
    for (const key of ["em", "ph"]) {
      const values = user[key];
      if (values === undefined) continue;
      if (!Array.isArray(values) || !values.every((value) => typeof value === "string" && HEX64.test(value))) {
        return `user_data.${key} must be SHA-256 hashes`;
      }
    }
    if (user.fbc !== undefined && !/^fb\.1\.\d{13}\.[\w.-]+$/.test(String(user.fbc)))
      return "user_data.fbc is malformed";
    if (user.fbp !== undefined && !/^fb\.\d\.\d{13}\.\d+$/.test(String(user.fbp))) return "user_data.fbp is malformed";
  }
  return null;
}

function linkedinProblems(body: unknown, headers: IncomingHttpHeaders): string | null {
  if (!/^\d{6}$/.test(String(headers["linkedin-version"]))) return "LinkedIn-Version header (YYYYMM) is required";
  if (headers["x-restli-protocol-version"] !== "2.0.0") return "X-Restli-Protocol-Version must be 2.0.0";
  if (headers["x-restli-method"] !== "BATCH_CREATE") return "X-RestLi-Method BATCH_CREATE is required for elements";
  if (!isObject(body) || !Array.isArray(body.elements)) return "elements is required";
  for (const element of body.elements) {
    if (!isObject(element)) return "element is not an object";
    if (!/^urn:lla:llaPartnerConversion:\d+$/.test(String(element.conversion)))
      return "conversion must be a conversion rule URN";
    const at = element.conversionHappenedAt;
    if (typeof at !== "number" || !Number.isInteger(at) || at < 1e12)
      return "conversionHappenedAt must be epoch milliseconds";
    if (typeof element.eventId !== "string") return "eventId is required for deduplication";
    const value = element.conversionValue;
    if (value !== undefined) {
      if (!isObject(value) || !CURRENCY.test(String(value.currencyCode))) {
        return "conversionValue.currencyCode must be an ISO 4217 code";
      }
      if (typeof value.amount !== "string" || !/^\d+(\.\d+)?$/.test(value.amount)) {
        return "conversionValue.amount must be a decimal string";
      }
    }
    const user = element.user;
    const ids = isObject(user) ? user.userIds : undefined;
    if (!Array.isArray(ids) || ids.length === 0) return "user.userIds is required";
    for (const id of ids) {
      if (!isObject(id)) return "userId is not an object";
      if (id.idType === "SHA256_EMAIL" && !HEX64.test(String(id.idValue))) return "SHA256_EMAIL must be a SHA-256 hash";
      if (
        !["SHA256_EMAIL", "LINKEDIN_FIRST_PARTY_ADS_TRACKING_UUID", "ACXIOM_ID", "ORACLE_MOAT_ID"].includes(
          String(id.idType),
        )
      ) {
        return "unknown idType";
      }
    }
  }
  return null;
}

/** Verifies an RS256 JWT-bearer assertion with the service account's public key. */
function assertionProblems(form: URLSearchParams, publicKey: string, tokenUri: string, clientEmail: string) {
  if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") return "unsupported_grant_type";
  const [header, claims, signature] = (form.get("assertion") ?? "").split(".");
  if (!header || !claims || !signature) return "invalid_grant";
  const verified = createVerify("RSA-SHA256")
    .update(`${header}.${claims}`)
    .verify(publicKey, Buffer.from(signature, "base64url"));
  if (!verified) return "invalid_grant: signature";
  const parsed = JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as Json;
  if (parsed.aud !== tokenUri || parsed.iss !== clientEmail) return "invalid_grant: aud or iss";
  if (!String(parsed.scope).split(" ").includes("https://www.googleapis.com/auth/datamanager")) return "invalid_scope";
  if (typeof parsed.exp !== "number" || typeof parsed.iat !== "number" || parsed.exp - parsed.iat > 3600) {
    return "invalid_grant: exp";
  }
  return null;
}

export async function startAdPlatformReceiver(options: {
  publicKey: string;
  clientEmail: string;
  /** A certificate made beforehand, for an app process that must trust it from its start. */
  certificate?: ReturnType<typeof makeLoopbackCertificate>;
}) {
  const certificate = options.certificate ?? makeLoopbackCertificate();
  const received: ReceivedRequest[] = [];
  const forced: Record<AdRoute, Forced[]> = { token: [], google: [], adjustments: [], meta: [], linkedin: [] };
  const hanging: ServerResponse[] = [];
  const waiters: { count: number; route: AdRoute; resolve: () => void }[] = [];
  /** Conversions as the platform counts them: by its deduplication id. */
  const counted: Record<"google" | "meta" | "linkedin" | "retractions", Map<string, unknown>> = {
    google: new Map(),
    meta: new Map(),
    linkedin: new Map(),
    retractions: new Map(),
  };
  const deliveries: Record<"google" | "meta" | "linkedin" | "retractions", number> = {
    google: 0,
    meta: 0,
    linkedin: 0,
    retractions: 0,
  };
  let url = "";
  const server = createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const path = request.url ?? "";
      const body = Buffer.concat(chunks).toString("utf8");
      const route: AdRoute | null =
        path === "/token"
          ? "token"
          : path === "/v1/events:ingest"
            ? "google"
            : path.includes(":uploadConversionAdjustments")
              ? "adjustments"
              : /^\/v\d+\.\d+\/\d+\/events$/.test(path)
                ? "meta"
                : path === "/rest/conversionEvents"
                  ? "linkedin"
                  : null;
      const answer = (status: number, payload: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(payload));
      };
      if (!route) return answer(404, googleError(404, "NOT_FOUND", `No route ${path}`));
      let json: unknown = null;
      if (route !== "token") {
        try {
          json = JSON.parse(body);
        } catch {
          return answer(400, googleError(400, "INVALID_ARGUMENT", "Invalid JSON payload received."));
        }
      }
      received.push({ route, headers: request.headers, body, json });
      for (const waiter of waiters.filter(
        (each) => received.filter((r) => r.route === each.route).length >= each.count,
      )) {
        waiter.resolve();
      }
      const next = forced[route].shift();
      if (next === "hang") {
        hanging.push(response);
        return;
      }
      if (next && "after" in next) await next.after;
      else if (next) return answer(next.status, next.body);
      const bearer = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1];
      switch (route) {
        case "token": {
          const problem = assertionProblems(
            new URLSearchParams(body),
            options.publicKey,
            `${url}/token`,
            options.clientEmail,
          );
          if (problem) return answer(400, { error: problem.split(":")[0], error_description: problem });
          return answer(200, { access_token: "ya29.test-access-token", expires_in: 3599, token_type: "Bearer" });
        }
        case "google": {
          if (bearer !== "ya29.test-access-token")
            return answer(401, googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials."));
          const problem = googleProblems(json, bearer);
          if (problem) return answer(400, googleError(400, "INVALID_ARGUMENT", problem));
          const request = json as { events: Json[]; validateOnly?: boolean };
          if (!request.validateOnly) {
            for (const event of request.events) counted.google.set(String(event.transactionId), event);
            deliveries.google += request.events.length;
          }
          return answer(200, { requestId: `req-${received.length}` });
        }
        case "adjustments": {
          if (bearer !== "ya29.test-access-token")
            return answer(401, googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials."));
          const problem = adjustmentProblems(json, path);
          if (problem) return answer(400, googleError(400, "INVALID_ARGUMENT", problem));
          const adjustments = (json as { conversionAdjustments: Json[] }).conversionAdjustments;
          for (const adjustment of adjustments) counted.retractions.set(String(adjustment.orderId), adjustment);
          deliveries.retractions += adjustments.length;
          return answer(200, { results: adjustments.map((each) => ({ orderId: each.orderId })) });
        }
        case "meta": {
          if (bearer !== "meta-system-user-token")
            return answer(400, metaError("Invalid OAuth access token - Cannot parse access token", 190));
          const problem = metaProblems(json, Date.now());
          if (problem) return answer(400, metaError(`Invalid parameter: ${problem}`));
          const data = (json as { data: Json[]; test_event_code?: string }).data;
          if (!(json as { test_event_code?: string }).test_event_code) {
            for (const event of data) counted.meta.set(`${event.event_name}/${event.event_id}`, event);
            deliveries.meta += data.length;
          }
          return answer(200, { events_received: data.length, messages: [], fbtrace_id: "AbCdEfGh" });
        }
        case "linkedin": {
          if (bearer !== "linkedin-token")
            return answer(401, {
              status: 401,
              serviceErrorCode: 65600,
              code: "INVALID_ACCESS_TOKEN",
              message: "Invalid access token",
            });
          const problem = linkedinProblems(json, request.headers);
          if (problem) return answer(400, linkedinError(400, problem));
          const elements = (json as { elements: Json[] }).elements;
          for (const element of elements) counted.linkedin.set(`${element.conversion}/${element.eventId}`, element);
          deliveries.linkedin += elements.length;
          return answer(200, { elements: elements.map(() => ({ status: 201 })) });
        }
      }
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  url = `https://127.0.0.1:${port}`;
  return {
    url,
    cert: certificate.cert,
    certFile: certificate.certFile,
    received,
    counted,
    deliveries,
    /** The next answers of a route, before it answers normally again. */
    force(route: AdRoute, ...answers: Forced[]) {
      forced[route].push(...answers);
    },
    waitFor(route: AdRoute, count: number) {
      if (received.filter((each) => each.route === route).length >= count) return Promise.resolve();
      return new Promise<void>((resolve) => waiters.push({ route, count, resolve }));
    },
    async close() {
      for (const response of hanging.splice(0)) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
