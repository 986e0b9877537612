import { z } from "zod";
import type { ApiRoute } from "./api-route.server";
import { apiRoutes } from "./api-routes.server";

/**
 * The OpenAPI 3.1 document of `/api/v1`, made from the routes' own zod schemas (the ones the requests
 * are checked with), so that the document cannot drift from what the API accepts.
 */

type JsonSchema = Record<string, unknown>;

function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  // What a client sends: the input side of transforms and defaults; refinements cannot be written down.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as JsonSchema;
  return rest;
}

export function openApiPath(path: string) {
  return path.replace(/:(\w+)/g, "{$1}");
}

function parameters(route: ApiRoute) {
  const list: Record<string, unknown>[] = [];
  for (const name of Object.keys(route.params?.shape ?? {})) {
    list.push({ name, in: "path", required: true, schema: { type: "string", maxLength: 64 } });
  }
  if (route.query) {
    const schema = jsonSchemaOf(route.query);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(properties)) {
      list.push({ name, in: "query", required: required.has(name), schema: property });
    }
  }
  return list;
}

function requestBody(route: ApiRoute) {
  if (!route.body || route.method === "delete" || route.method === "get") return undefined;
  // The path's ids are not sent in the body: the route puts them there before checking it.
  const pathKeys = Object.keys(route.params?.shape ?? {});
  const body =
    route.body instanceof z.ZodObject
      ? z.object(Object.fromEntries(Object.entries(route.body.shape).filter(([key]) => !pathKeys.includes(key))))
      : route.body;
  return { required: true, content: { "application/json": { schema: jsonSchemaOf(body) } } };
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

function operationOf(route: ApiRoute) {
  const success = String(route.status ?? 200);
  return {
    operationId: `${route.method}${route.path.replace(/[/:-](\w)/g, (_match, letter: string) => letter.toUpperCase())}`,
    summary: route.summary,
    tags: [route.operation.area],
    parameters: parameters(route),
    requestBody: requestBody(route),
    "x-area": route.operation.area,
    "x-writes": route.operation.write,
    ...(route.method === "post"
      ? { "x-idempotency": "Send an Idempotency-Key header to have the request done once." }
      : {}),
    responses: {
      [success]: { description: "Done", content: { "application/json": { schema: {} } } },
      "400": errorResponse("The input is not valid: `fields` names each field's problem"),
      "401": errorResponse("No key, or a key that is unknown, revoked, expired, or whose owner is disabled"),
      "403": errorResponse("The key's owner's role, or the key's read-only flag or areas, do not allow this"),
      "404": errorResponse("What the request names does not exist"),
      "429": errorResponse("The key's requests a minute are spent: see Retry-After"),
    },
  };
}

export function openApiDocument(baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of apiRoutes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method] = operationOf(route);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Agency API",
      version: "1",
      description:
        "The staff's everyday work over HTTP. Each key acts as its owner, with the owner's role as it is now, narrowed to reading only or to some areas when the key says so.",
    },
    servers: [{ url: `${baseUrl.replace(/\/+$/, "")}/api/v1` }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "An API key from Settings" } },
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: { type: "string" },
                message: { type: "string" },
                fields: { type: "object", additionalProperties: { type: "string" } },
              },
            },
          },
        },
      },
    },
  };
}
