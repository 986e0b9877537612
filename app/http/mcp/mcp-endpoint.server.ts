import express, { type Request, type Response } from "express";
import { z } from "zod";
import { isAllowed } from "~/lib/api-access";
import type { ApiCaller } from "~/server/api-keys/api-keys.server";
import type { ApiServices } from "../api/api-route.server";
import { authenticate, invokeRoute, sendError } from "../api/api-router.server";
import { type McpTool, mcpTools, toolInputSchema } from "./mcp-tools.server";

const BODY_LIMIT = "64kb";

/** The tools the caller's key may use: its owner's role as it is now, its read-only flag and areas. */
export function toolsFor(caller: ApiCaller) {
  return mcpTools.filter((tool) => isAllowed(caller, tool.route.operation));
}

function listed(tool: McpTool) {
  const { $schema: _, ...inputSchema } = z.toJSONSchema(toolInputSchema(tool), {
    io: "input",
    unrepresentable: "any",
    target: "draft-2020-12",
  }) as Record<string, unknown>;
  const write = tool.route.operation.write;
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: { ...inputSchema, type: "object" as const },
    annotations: {
      title: tool.title,
      readOnlyHint: !write,
      destructiveHint: tool.destructive,
      idempotentHint: !write || tool.route.method === "put",
      openWorldHint: false,
    },
  };
}

/** Splits a tool's arguments into the route's path ids, query and body. */
function routeInput(tool: McpTool, args: Record<string, unknown>) {
  const paramKeys = Object.keys(tool.route.params?.shape ?? {});
  const params = Object.fromEntries(paramKeys.map((key) => [key, args[key]]));
  const rest = Object.fromEntries(
    Object.entries(args).filter(([key]) => !paramKeys.includes(key) && key !== "confirm"),
  );
  const reads = tool.route.method === "get";
  // The query schemas read text from an address: numbers an assistant sends are written as text.
  const query = reads
    ? Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, value === undefined ? value : String(value)]))
    : {};
  return { params, query, body: reads ? {} : rest };
}

function toolResult(payload: unknown, isError: boolean) {
  return { content: [{ type: "text" as const, text: JSON.stringify(payload) }], isError };
}

let sdk: ReturnType<typeof loadSdk> | undefined;

/**
 * The MCP SDK loads with the first `/mcp` request, not when the process starts: with its own schemas it
 * is several megabytes of every worker's memory, and most deployments never receive such a request.
 */
async function loadSdk() {
  const [{ Server }, { StreamableHTTPServerTransport }, { CallToolRequestSchema, ListToolsRequestSchema }] =
    await Promise.all([
      import("@modelcontextprotocol/sdk/server/index.js"),
      import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
      import("@modelcontextprotocol/sdk/types.js"),
    ]);
  return { Server, StreamableHTTPServerTransport, CallToolRequestSchema, ListToolsRequestSchema };
}

/** One MCP server per request (stateless), speaking for the caller's key. */
async function serverFor(services: ApiServices, caller: ApiCaller) {
  sdk ??= loadSdk();
  const { Server, CallToolRequestSchema, ListToolsRequestSchema } = await sdk;
  const server = new Server({ name: "agency", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolsFor(caller).map(listed) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = mcpTools.find((each) => each.name === request.params.name);
    // A tool the key may not use is as unknown as one that does not exist.
    if (!tool || !isAllowed(caller, tool.route.operation)) {
      return toolResult({ error: { code: "UNKNOWN_TOOL", message: `No tool named ${request.params.name}.` } }, true);
    }
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    if (tool.destructive && args.confirm !== true) {
      return toolResult(
        {
          error: {
            code: "CONFIRMATION_REQUIRED",
            message: `${tool.title} cannot be undone: call again with confirm: true.`,
          },
        },
        true,
      );
    }
    const outcome = await invokeRoute(services, tool.route, caller, routeInput(tool, args));
    return toolResult(outcome.payload, outcome.status >= 400);
  });
  return server;
}

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless (no session kept between requests,
 * so any worker or machine can answer any request), on the same Bearer keys and rate limit as the API.
 */
export function mcpEndpoint(services: ApiServices) {
  const router = express.Router();
  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  router.use(authenticate(services));
  router.use(express.json({ limit: BODY_LIMIT }));
  router.post("/", async (req: Request, res: Response) => {
    const caller = res.locals.caller as ApiCaller;
    const server = await serverFor(services, caller);
    const { StreamableHTTPServerTransport } = await sdk!;
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  // Stateless: there is no stream to open (GET) and no session to end (DELETE).
  router.all("/", (_req, res) => {
    res.set("Allow", "POST");
    sendError(res, 405, "METHOD_NOT_ALLOWED", "This endpoint answers POST only (stateless Streamable HTTP).");
  });
  router.use((error: unknown, req: Request, res: Response, _next: express.NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status === 413) return sendError(res, 413, "TOO_LARGE", `Request bodies can be at most ${BODY_LIMIT}.`);
    if (status === 400) return sendError(res, 400, "INVALID_JSON", "The body is not valid JSON.");
    req.log?.error({ err: error }, "MCP request failed");
    if (!res.headersSent) sendError(res, 500, "INTERNAL", "Something went wrong on our side.");
  });
  return router;
}
