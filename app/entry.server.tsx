import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { ActionFunctionArgs, EntryContext, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import type { RouteHandle } from "~/components/islands";
import { NonceProvider } from "~/components/nonce";
import { getRequestInfo } from "~/http/context.server";
import { rewriteDocument, withoutModulePreloads } from "~/http/document-rewrite.server";
import { isDatabaseUnavailable } from "~/server/db/database.server";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "~/server/leads/capture.server";
import { hasTracking, trackingHeadHtml } from "~/server/site/tracking.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, logger, tracking, consent, stylesheet, hydrationModules, databaseUnavailable } =
    getRequestInfo(loadContext);
  // The database is restarting or down: the page may work if asked again in a moment.
  if (responseStatusCode === 500 && databaseUnavailable) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const headHtml = tracking && consent && hasTracking(tracking) ? trackingHeadHtml(tracking, nonce, consent) : "";
  const hydrates = routerContext.staticHandlerContext.matches.some(
    (match) => (routerContext.routeModules[match.route.id]?.handle as RouteHandle | undefined)?.hydrate === true,
  );
  // A page that hydrates at once (the admin: no inlined stylesheet, as public pages have) fetches
  // React DOM with its other modules instead of after the app's entry has run and asked for it.
  const preloads =
    hydrates && !stylesheet && hydrationModules
      ? hydrationModules.map((href) => `<link rel="modulepreload" href="${href}" nonce="${nonce}"/>`).join("")
      : "";

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
          // A public page that hydrates (inlined stylesheet, no preloads of its own) may wait for its
          // visitor's first use; its modules are then fetched only when that comes.
          const waitsForUse = hydrates && Boolean(stylesheet) && !preloads;
          if (headHtml || stylesheet || preloads)
            pipe(
              rewriteDocument(
                (head) =>
                  withoutModulePreloads(inlineStylesheets(head, stylesheet, hydrates), waitsForUse) +
                  preloads +
                  headHtml,
                waitsForUse ? nonce : undefined,
              ),
            ).pipe(body);
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
  const info = context ? getRequestInfo(context) : undefined;
  if (info && isDatabaseUnavailable(error)) info.databaseUnavailable = true;
  const logger = info?.logger;
  // A request the routes refuse (a POST to a page without an action, a method they do not know) is
  // the client's mistake: a warning without a stack, like every other 4xx.
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    // React Router's own refusals carry the Error that explains them.
    const cause = (error as { error?: unknown }).error;
    const reason = cause instanceof Error ? cause.message : error.statusText;
    if (logger) logger.warn({ status: error.status, reason }, "refused a request the route does not take");
    return;
  }
  if (logger) logger.error({ err: error, url: request?.url }, "unhandled error in a route");
  else console.error(error);
}

const STYLESHEET_LINK = /<link nonce="" rel="stylesheet" href="(\/assets\/[\w.-]+\.css)"\/>/g;

/**
 * The site's stylesheet, inlined: the first paint waits for no request. On a page React hydrates the
 * link stays (React hydrates it, matching it by rel and href only) but disabled, which a browser neither
 * fetches nor applies, and for print only should one fetch it anyway: it never blocks rendering, costs
 * no request and no second parse of the rules, and never applies twice;
 * elsewhere it goes. The inlined rules, like the tracking markup, live outside React's tree (React 19
 * skips unknown tags in the head while hydrating).
 */
function inlineStylesheets(
  head: string,
  stylesheet: ((href: string) => string | undefined) | undefined,
  keepLink: boolean,
) {
  if (!stylesheet) return head;
  const inlined: string[] = [];
  const withLinks = head.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = stylesheet(href);
    if (css === undefined) return link;
    inlined.push(`<style>${css.replaceAll("</style", "<\\/style")}</style>`);
    return keepLink ? link.replace("/>", ' media="print" disabled=""/>') : "";
  });
  return withLinks + inlined.join("");
}
