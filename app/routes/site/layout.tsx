import { useEffect } from "react";
import { data, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { FormTokenPixel } from "~/components/site/forms/form-token-pixel";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { SiteToaster } from "~/components/site/site-toaster";
import { Snowfall, WinterBanner } from "~/components/site/winter-promo";
import { offices } from "~/content/contact";
import { getRequestInfo, getServices } from "~/http/context.server";
import type { Currency } from "~/lib/currency";
import { track } from "~/lib/track";
import { detectCurrency } from "~/server/currency/currency.server";
import { loadPublicSettings, type PublicSettings } from "~/server/site/public-settings.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const payload = {
    offices,
    settings: await loadPublicSettings(db),
    currency: detectCurrency(request, config, getRequestInfo(context).clientIp),
  };
  // Pages differ by currency and consent (its banner is added to the document by the server, outside
  // React): cookies, Global Privacy Control, and the proxy's country header.
  // Nothing else per visitor goes into a page (see the page cache): cookies are set around it.
  return data(payload, {
    headers: { Vary: config.countryHeader ? `Cookie, Sec-GPC, ${config.countryHeader}` : "Cookie, Sec-GPC" },
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return new Headers({ Vary: loaderHeaders.get("Vary") ?? "Cookie" });
}

export type SiteData = { settings: PublicSettings; currency: Currency };

/** The public layout's data (settings, currency) from any page below it. */
export function useSiteData() {
  return useRouteLoaderData("routes/site/layout") as SiteData;
}

/** One page_view per page the visitor sees, sent after the page is shown. */
function usePageViews() {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view for every new address.
  useEffect(() => {
    // Sent after the page is shown. A static import: the module is a few hundred bytes that the lead
    // dialog imports anyway, so a dynamic import split nothing off and only made the build warn.
    track("page_view", { referrer: document.referrer || undefined });
  }, [pathname, search]);
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  usePageViews();
  return (
    <SiteToaster>
      <div className="flex min-h-screen flex-col pb-12">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Snowfall />
        <SiteHeader logo={loaderData.settings.headerLogo} />
        <div id="main" className="flex-1">
          <Outlet />
        </div>
        <SiteFooter logo={loaderData.settings.footerLogo} currency={loaderData.currency} offices={loaderData.offices} />
        <WinterBanner />
        <FormTokenPixel />
      </div>
    </SiteToaster>
  );
}
