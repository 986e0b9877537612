import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { handlePublicSubmission, type Reply } from "~/server/leads/public-endpoint.server";
import type { AppServices } from "~/server/services.server";
import { answerAfterDraining } from "./request-body.server";

/** Any site may post to this endpoint (it is what the admin's Copy ID and embed snippet are for). */
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Max-Age": "86400",
};

/** A JSON API has no page to protect: these say "nothing here may run, frame or be sniffed". */
const API_HEADERS = {
  ...CORS_HEADERS,
  "Cache-Control": "no-store",
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Content-Type-Options": "nosniff",
};

/** Room for the endpoint's 50 fields of 5,000 characters, encoded, and not much more. */
const MAX_BODY_BYTES = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer | "too large"> {
  if (Number(req.headers["content-length"] ?? 0) > MAX_BODY_BYTES) return Promise.resolve("too large");
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Stop keeping it; the rest is read and thrown away before the refusal goes out.
      req.off("data", onData);
      resolve("too large");
    };
    req.on("data", onData);
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

function send(res: ServerResponse, { status, body, headers }: Reply, closeAfter: boolean) {
  const json = body === null ? "" : JSON.stringify(body);
  res.writeHead(status, {
    ...API_HEADERS,
    ...headers,
    ...(json ? { "Content-Type": "application/json; charset=utf-8", "Content-Length": Buffer.byteLength(json) } : {}),
    ...(closeAfter ? { Connection: "close" } : {}),
  });
  res.end(json);
}

/**
 * The endpoint as plain Express: it is the busiest write path the product has, and it needs none of
 * what pages need (rendering, CSP nonces, tracking, compression).
 */
export function publicFormEndpoint(services: AppServices): RequestHandler<{ formId: string }> {
  return async (req, res, next) => {
    let bodyTooLarge = false;
    try {
      const result = await handlePublicSubmission(services, {
        method: req.method,
        formId: req.params.formId,
        contentType: req.headers["content-type"] ?? "",
        body: async () => {
          const body = await readBody(req);
          bodyTooLarge = body === "too large";
          return body;
        },
        clientIp: req.ip,
        userAgent: req.headers["user-agent"],
        referer: req.headers.referer,
        acceptLanguage: req.headers["accept-language"],
        cookie: req.headers.cookie,
        header: (name) => req.get(name),
      });
      if (bodyTooLarge) answerAfterDraining(req, (closeAfter) => send(res, result, closeAfter));
      else send(res, result, false);
    } catch (error) {
      next(error);
    }
  };
}
