import { PassThrough, Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { getRequestInfo } from "~/server/context.server";
import { hasTracking, trackingHeadHtml } from "~/server/site/tracking.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger, tracking, consent } = getRequestInfo(loadContext);
  const headHtml = tracking && consent && hasTracking(tracking) ? trackingHeadHtml(tracking, nonce, consent) : "";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (headHtml) pipe(injectBeforeHeadEnd(headHtml)).pipe(body);
          else pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error after the shell was sent");
        },
      },
    );
  });
}

export function handleError(error: unknown, { request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
  if (request?.signal.aborted) return;
  // Errors raised before React Router built a context (e.g. while loading the build) come without one.
  const logger = context ? getRequestInfo(context).logger : undefined;
  if (logger) logger.error({ err: error, url: request?.url }, "unhandled error in a route");
  else console.error(error);
}

/**
 * Puts the site's tracking markup just before </head>. It lives outside React's tree: React 19 skips
 * unknown tags in the head while hydrating, and the scripts run once, as the admin wrote them.
 */
function injectBeforeHeadEnd(html: string) {
  let injected = false;
  let pending = "";
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (injected) return callback(null, decoder.write(chunk));
      pending += decoder.write(chunk);
      const at = pending.indexOf("</head>");
      if (at === -1) {
        // Keep a tail that could hold the start of "</head>"; pass the rest on.
        const safe = Math.max(0, pending.length - 6);
        const out = pending.slice(0, safe);
        pending = pending.slice(safe);
        return callback(null, out);
      }
      injected = true;
      const out = pending.slice(0, at) + html + pending.slice(at);
      pending = "";
      callback(null, out);
    },
    flush(callback) {
      callback(null, pending + decoder.end());
    },
  });
}
