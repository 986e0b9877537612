import type { IncomingMessage } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import type { RouterContextProvider } from "react-router";
import {
  type AnsweredLead,
  answeredLeadContext,
  handleLeadSubmission,
  thankYouRedirect,
} from "./lead-submission.server";
import { routedPathOf } from "./request-body.server";

const URL_ENCODED = "application/x-www-form-urlencoded";

/**
 * POST /lead as a browser without JavaScript sends it (URL-encoded), answered without the page
 * machinery when it succeeds: the same submission the route's action makes (one schema, the same
 * spam checks and capture), and the same redirect and cookies. Anything the form's page must show
 * (field messages, a refusal, a guide's download) goes on to the route, with this answer in its
 * context, and renders exactly as the route's own action would: the body is read once, the lead
 * saved once. Mounted after the origin and body rules and before compression, tracking and the
 * page's security headers, which only a page needs: its redirect gets `redirectHeaders` (the same
 * security headers, worked out once).
 */
export function plainLeadPost(
  loadContext: (req: ExpressRequest, res: ExpressResponse) => RouterContextProvider,
  redirectHeaders: (secure: boolean) => string[],
): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "POST" || routedPathOf(res) !== "/lead" || !isUrlEncoded(req)) return next();
    try {
      const body = await readBody(req);
      const context = loadContext(req, res);
      const answering = handleLeadSubmission(context, requestOf(req), formDataOf(body));
      // A refusal the route would throw (a body that does not parse) is the route's to show.
      const answer = await answering.catch(() => null);
      const thanks = answer ? thankYouRedirect(context, answer.data) : null;
      if (!thanks) {
        res.locals.answeredLead = answering;
        return next();
      }
      const headers = redirectHeaders(req.secure);
      headers.push("Location", thanks.location, "Content-Length", "0");
      if (thanks.setCookie) headers.push("Set-Cookie", thanks.setCookie);
      res.writeHead(303, headers);
      res.end();
    } catch (error) {
      next(error);
    }
  };
}

/** The answer plainLeadPost left for the route, for its load context. */
export function answeredLeadOf(res: ExpressResponse, context: RouterContextProvider) {
  const answered = res.locals.answeredLead as AnsweredLead | undefined;
  if (answered) context.set(answeredLeadContext, answered);
}

function isUrlEncoded(req: IncomingMessage) {
  return (req.headers["content-type"] ?? "").toLowerCase().startsWith(URL_ENCODED);
}

/** The body, whose size the body rules have already capped through its Content-Length. */
function readBody(req: IncomingMessage) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/**
 * The request as the route's action reads it (its headers and address; the body is read already):
 * without a body, which a Fetch Request would copy and parse again.
 */
function requestOf(req: ExpressRequest) {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const each of value) headers.push([name, each]);
    else if (value !== undefined) headers.push([name, value]);
  }
  return new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
    method: "POST",
    headers,
  });
}

/** A URL-encoded body's fields, as Request.formData() reads them. */
function formDataOf(body: Buffer) {
  const formData = new FormData();
  for (const [name, value] of new URLSearchParams(body.toString("utf8"))) formData.append(name, value);
  return formData;
}
