import { data, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { ConsentBanner } from "~/components/site/consent-banner";
import { FormTokenPixel } from "~/components/site/forms/form-token-pixel";
import { LeadDialogTemplate } from "~/components/site/forms/lead-dialog-template";
import { NoScriptPageView } from "~/components/site/page-view-pixel";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { SiteToaster } from "~/components/site/site-toaster";
import { Snowfall, WinterBanner } from "~/components/site/winter-promo";
import { offices } from "~/content/contact";
import { getRequestInfo, getServices } from "~/http/context.server";
import type { Currency } from "~/lib/currency";
import { detectCurrency } from "~/server/currency/currency.server";
import { loadPublicSettings, type PublicSettings } from "~/server/site/public-settings.server";
import type { Route } from "./+types/layout";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const payload = {
    offices,
    settings: await loadPublicSettings(db),
    currency: detectCurrency(request, config, getRequestInfo(context).clientIp),
    consent: getRequestInfo(context).consent,
  };
  // Pages differ by currency and consent (the banner, the tags): cookies, Global Privacy Control, and
  // the proxy's country header.
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

/** Booking pages carry a visitor's signed link in their address: analytics never records them. */
const isBookingPath = (pathname: string) => /^\/book(\/|$)/.test(pathname);

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const counted = !isBookingPath(useLocation().pathname);
  return (
    <SiteToaster>
      {/* One page_view per page the visitor sees (the page-view island). */}
      <div data-island={counted ? "page-view" : undefined} className="flex min-h-screen flex-col pb-12">
        {/* First in the page, so a keyboard reaches the open banner before anything it covers; it is fixed, so it still shows at the bottom. */}
        {loaderData.consent ? <ConsentBanner variant={loaderData.consent} /> : null}
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
        {counted ? <NoScriptPageView /> : null}
        <LeadDialogTemplate />
      </div>
    </SiteToaster>
  );
}
