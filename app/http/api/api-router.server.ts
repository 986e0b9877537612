import express, { type NextFunction, type Request, type Response } from "express";
import type { z } from "zod";
import { refusalFor } from "~/lib/api-access";
import { countApiKeyRequest } from "~/server/api-keys/api-key-limit.server";
import { type ApiCaller, apiActor, authenticateApiKey } from "~/server/api-keys/api-keys.server";
import { AppError } from "~/server/app-error.server";
import { isUniqueViolation } from "~/server/db/database.server";
import type { ApiRoute, ApiServices } from "./api-route.server";
import { apiRoutes } from "./api-routes.server";
import { openApiDocument } from "./openapi.server";

const BODY_LIMIT = "64kb";
const IDEMPOTENCY_KEY_MAX = 200;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

export function sendError(
  res: Response,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .json(errorBody(code, message, fields));
}

function fieldErrors(error: z.ZodError) {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? "body")] ??= issue.message;
  return fields;
}

/** The key a request carries (`Authorization: Bearer …`), or null. */
export function bearerKey(req: Request) {
  const header = req.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Who a request is: the Bearer key's owner with their role as it is now (401 otherwise), counted
 * against the key's rate limit (429 with Retry-After once spent) from counts this process reserved in
 * blocks from the shared count. Shared by the API and the MCP endpoint.
 */
export function authenticate(services: ApiServices) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const key = bearerKey(req);
    const caller = key ? await authenticateApiKey(services.db, key) : null;
    if (!caller) {
      res.set("WWW-Authenticate", 'Bearer realm="api"');
      return sendError(res, 401, "UNAUTHENTICATED", "Send a valid API key as Authorization: Bearer <key>.");
    }
    const max = services.config.apiRateLimitPerMinute;
    const limit = await countApiKeyRequest(services.db, caller.keyId, max);
    res.set({
      "RateLimit-Limit": String(max),
      "RateLimit-Remaining": String(limit.remaining),
      "RateLimit-Reset": String(limit.resetSeconds),
      "RateLimit-Policy": `${max};w=60`,
    });
    if (!limit.allowed) {
      res.set("Retry-After", String(limit.retryAfterSeconds));
      return sendError(res, 429, "RATE_LIMITED", `This key may make ${max} requests a minute. Try again shortly.`);
    }
    res.locals.caller = caller;
    next();
  };
}

/**
 * `/api/v1`: JSON over Bearer keys. Each route checks the key's scope against the role table, then its
 * input with the screens' zod schemas, then runs the screens' domain functions; errors answer as one
 * shape. A POST with an `Idempotency-Key` is done once: its answer is kept and replayed.
 */
export function apiRouter(services: ApiServices) {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  // The document is public: it describes what a key can ask, not anything a key would read.
  const document = openApiDocument(services.config.baseUrl);
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  router.use(authenticate(services));
  router.use(express.json({ limit: BODY_LIMIT, strict: true }));
  for (const route of apiRoutes) {
    router[route.method](route.path, (req, res, next) => {
      handle(services, route, req, res).catch(next);
    });
  }
  router.use((_req: Request, res: Response) => {
    sendError(res, 404, "NOT_FOUND", "No such API route. The routes are listed at /api/v1/openapi.json.");
  });
  // Malformed JSON, a body too large, anything thrown: one shape, never an HTML page.
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status === 413) return sendError(res, 413, "TOO_LARGE", `Request bodies can be at most ${BODY_LIMIT}.`);
    if (status === 400 || (error as { type?: string }).type === "entity.parse.failed") {
      return sendError(res, 400, "INVALID_JSON", "The body is not valid JSON.");
    }
    if (status === 415) return sendError(res, 415, "UNSUPPORTED_TYPE", "Send the body as application/json.");
    req.log?.error({ err: error }, "API request failed");
    sendError(res, 500, "INTERNAL", "Something went wrong on our side.");
  });
  return router;
}

async function handle(services: ApiServices, route: ApiRoute, req: Request, res: Response) {
  const caller = res.locals.caller as ApiCaller;
  const hasBody = route.method === "post" || route.method === "put";
  if (hasBody && req.body === undefined && (req.get("content-length") ?? "0") !== "0") {
    return sendError(res, 415, "UNSUPPORTED_TYPE", "Send the body as application/json.");
  }
  const input = { params: req.params, query: req.query, body: req.body };
  const idempotencyKey = route.method === "post" ? req.get("idempotency-key") : undefined;
  const { status, payload } = idempotencyKey
    ? await onceFor(services, caller, idempotencyKey, `${req.method} ${req.originalUrl}`, () =>
        invokeRoute(services, route, caller, input),
      )
    : await invokeRoute(services, route, caller, input);
  if (idempotencyKey) res.set("Idempotency-Key", idempotencyKey);
  res.status(status).json(payload);
}

type RouteInput = { params: unknown; query: unknown; body: unknown };

/**
 * One call of a route, the same from HTTP and from the assistant endpoint: the key's scope against the
 * role table (403), the path (404), query and body (400 with each field's message) against the route's
 * schemas, then its handler acting as the key's owner, audited with the key's name.
 */
export async function invokeRoute(
  services: ApiServices,
  route: ApiRoute,
  caller: ApiCaller,
  input: RouteInput,
): Promise<Outcome> {
  const refused = refusalFor(caller, route.operation);
  if (refused) return refusal(403, refused.code, refused.message);
  const params = route.params ? route.params.safeParse(input.params ?? {}) : { success: true as const, data: {} };
  if (!params.success) return refusal(404, "NOT_FOUND", "No such record.");
  const query = route.query ? route.query.safeParse(input.query ?? {}) : { success: true as const, data: {} };
  if (!query.success) {
    return { status: 400, payload: errorBody("INVALID_INPUT", "The query is not valid.", fieldErrors(query.error)) };
  }
  const given = input.body && typeof input.body === "object" && !Array.isArray(input.body) ? input.body : {};
  // The path's ids go into the body the screens' schemas check (their forms post them as fields).
  const body = route.body ? route.body.safeParse({ ...given, ...params.data }) : { success: true as const, data: {} };
  if (!body.success) {
    return { status: 400, payload: errorBody("INVALID_INPUT", "The request is not valid.", fieldErrors(body.error)) };
  }
  try {
    const payload = await route.run({
      params: params.data,
      query: query.data,
      body: body.data,
      caller,
      actor: apiActor(caller),
      services,
    });
    return { status: route.status ?? 200, payload };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const fields = error.field ? { [error.field]: error.message } : undefined;
    return { status: error.status, payload: errorBody(error.code, error.message, fields) };
  }
}

function errorBody(code: string, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

export type Outcome = { status: number; payload: unknown };

/**
 * Runs `work` once per key and Idempotency-Key: the first request claims the pair, later ones get the
 * kept answer (409 while the first is still running; 422 when the same key names another request).
 * A fault (5xx) frees the claim, so the client's retry runs again.
 */
async function onceFor(
  services: ApiServices,
  caller: ApiCaller,
  idempotencyKey: string,
  request: string,
  work: () => Promise<Outcome>,
): Promise<Outcome> {
  const { db } = services;
  if (idempotencyKey.length > IDEMPOTENCY_KEY_MAX) {
    return invalid(`Idempotency-Key can be at most ${IDEMPOTENCY_KEY_MAX} characters.`);
  }
  const claim = { key_id: caller.keyId, idempotency_key: idempotencyKey };
  try {
    await db
      .insertInto("api_idempotency")
      .values({ ...claim, request, status: null, body: null, created_at: new Date().toISOString() })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const kept = await db
      .selectFrom("api_idempotency")
      .select(["request", "status", "body"])
      .where("key_id", "=", claim.key_id)
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirst();
    if (kept && kept.request !== request) {
      return refusal(422, "IDEMPOTENCY_MISMATCH", "This Idempotency-Key was used for another request.");
    }
    if (!kept || kept.status === null) {
      return refusal(409, "IN_PROGRESS", "A request with this Idempotency-Key is still running. Try again shortly.");
    }
    return { status: Number(kept.status), payload: JSON.parse(kept.body ?? "null") };
  }
  let done: Outcome;
  try {
    done = await work();
  } catch (error) {
    await db
      .deleteFrom("api_idempotency")
      .where("key_id", "=", claim.key_id)
      .where("idempotency_key", "=", idempotencyKey)
      .execute();
    throw error;
  }
  await db
    .updateTable("api_idempotency")
    .set({ status: done.status, body: JSON.stringify(done.payload) })
    .where("key_id", "=", claim.key_id)
    .where("idempotency_key", "=", idempotencyKey)
    .execute();
  return done;
}

function refusal(status: number, code: string, message: string): Outcome {
  return { status, payload: errorBody(code, message) };
}

function invalid(message: string): Outcome {
  return refusal(400, "INVALID_INPUT", message);
}
