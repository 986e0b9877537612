import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { IslandLoader, SpeculationRules, useHydrated } from "~/components/islands";
import { useNonce } from "~/components/nonce";
import { NotFoundScreen } from "~/components/site/not-found-screen";
import { getRequestInfo, getServices } from "~/http/context.server";
import { takeToast } from "~/http/toast-cookie.server";
import { loadFavicon } from "~/server/site/public-settings.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await takeToast(request);
  const { config, db } = getServices(context);
  return data(
    { toast, baseUrl: config.baseUrl, favicon: await loadFavicon(db), islands: getRequestInfo(context).islands },
    headers ? { headers } : undefined,
  );
}

/** Plain moves between admin screens keep the root's data, as the admin layout does (see it for why). */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const admin = /^\/admin(\/|$)/i;
  return !formMethod && admin.test(currentUrl.pathname) && admin.test(nextUrl.pathname)
    ? false
    : defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Absent when the root loader itself failed; the default icon then.
  const favicon = rootData?.favicon ?? "/favicon.svg";
  const admin = pathname.toLowerCase().startsWith("/admin");
  const hydrated = useHydrated();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href={favicon} />
        {admin ? <meta name="robots" content="noindex, nofollow" /> : null}
        <Meta />
        {/* Stylesheets need no nonce (style-src allows 'self'); an empty one keeps the server's and the
            browser's markup equal, since browsers hide nonces only on scripts. */}
        <Links nonce="" />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        {children}
        {hydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {admin ? null : (
          <>
            {rootData?.islands ? <IslandLoader urls={rootData.islands} nonce={nonce} /> : null}
            {hydrated ? null : <SpeculationRules nonce={nonce} />}
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <title>Something went wrong</title>
      <h1 className="font-bold text-3xl">Something went wrong</h1>
      <p className="text-muted-foreground">
        {status >= 500
          ? "We could not load this page. Please try again in a moment."
          : isRouteErrorResponse(error)
            ? error.statusText || "This request could not be completed."
            : "This request could not be completed."}
      </p>
      <a className="text-primary underline underline-offset-4" href="/">
        Return to Home
      </a>
    </main>
  );
}
