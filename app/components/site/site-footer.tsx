import { Link, useLocation } from "react-router";
import { CurrencySwitch } from "~/components/site/currency-switch";
import { FigureList } from "~/components/site/figure-list";
import { GlobeIcon } from "~/components/site/icons/globe-icon";
import { MapPin } from "~/components/site/icons/map-pin";
import { LinkList } from "~/components/site/link-list";
import { Logo } from "~/components/site/logo";
import { OfficeAddress } from "~/components/site/office-address";
import { contactSectionHref } from "~/components/site/site-header";
import { buttonVariants } from "~/components/ui/button-variants";
import { brand } from "~/content/brand";
import type { Office } from "~/content/contact";
import { footer, industryLinks, type NavLink, serviceLinks } from "~/content/site";
import type { Currency } from "~/lib/currency";

export function SiteFooter({
  logo,
  currency,
  offices,
}: {
  logo: string | null;
  currency: Currency;
  offices: readonly Office[];
}) {
  const { pathname } = useLocation();
  return (
    <footer data-slot="site-footer" className="border-t bg-muted/40">
      <div className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-12 text-center sm:px-6">
          <h2 className="font-bold text-3xl">{footer.cta.title}</h2>
          <p className="max-w-2xl opacity-90">{footer.cta.text}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <a href={contactSectionHref(pathname)} className={buttonVariants({ variant: "secondary", size: "lg" })}>
              {footer.cta.primary}
            </a>
            <Link to="/pricing" className={buttonVariants({ variant: "onBrand", size: "lg" })}>
              {footer.cta.secondary}
            </Link>
          </div>
          <FigureList
            figures={footer.claims}
            className="flex flex-wrap justify-center gap-8"
            figureClassName="flex flex-col"
            labelClassName="text-sm opacity-90"
            valueClassName="order-first font-bold text-2xl"
          />
        </div>
      </div>
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <Link to="/" className="flex items-center gap-2 font-bold text-lg">
            <Logo src={logo} />
            <span>{brand.name}</span>
          </Link>
          <p className="mt-3 text-muted-foreground text-sm">{brand.tagline}.</p>
          <p className="mt-4 mb-2 flex items-center gap-1 font-semibold text-sm">
            <GlobeIcon className="size-4" aria-hidden /> Global presence
          </p>
          <p className="text-muted-foreground text-sm">{footer.globalPresence.join(" · ")}</p>
        </div>
        <nav aria-label="Services and industries">
          <h2 className="font-semibold">Services</h2>
          <FooterLinks links={serviceLinks} />
          <h2 className="mt-6 font-semibold">Industries</h2>
          <FooterLinks links={industryLinks} />
        </nav>
        <div>
          <h2 className="font-semibold">Offices</h2>
          <ul className="mt-3 space-y-4 text-sm">
            {offices.map((office) => (
              <li key={office.id} className="flex gap-2">
                <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <OfficeAddress lines={office.lines}>
                  <span className="font-medium text-foreground">{office.label}</span>
                </OfficeAddress>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-semibold">Company</h2>
          <FooterLinks links={footer.links}>
            {/* Shown only while the page has the consent banner (app.css): the server adds that outside React. */}
            <li>
              <a href="#cookie-settings" className="text-muted-foreground hover:text-foreground">
                Cookie settings
              </a>
            </li>
          </FooterLinks>
          <p className="mt-6 mb-2 font-semibold text-sm">Prices shown in</p>
          <CurrencySwitch currency={currency} />
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-muted-foreground text-sm sm:px-6">
          © {new Date().getFullYear()} {brand.legalName.replace(/\.$/, "")}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterLinks(props: { links: readonly NavLink[]; children?: React.ReactNode }) {
  return (
    <LinkList
      className="mt-3 space-y-2 text-sm"
      linkClassName="text-muted-foreground hover:text-foreground"
      {...props}
    />
  );
}
