import { Link, useLocation } from "react-router";
import { ChevronDown } from "~/components/site/icons/chevron-down";
import { MenuIcon } from "~/components/site/icons/menu-icon";
import { LinkList } from "~/components/site/link-list";
import { Logo } from "~/components/site/logo";
import { buttonVariants } from "~/components/ui/button-variants";
import { brand } from "~/content/brand";
import { isNavGroup, mainNav, type NavGroup } from "~/content/site";
import { cx } from "~/lib/cx";

/**
 * A header dropdown as a native popover, without script: the browser closes it on Escape or a click
 * elsewhere, keeps its links out of the tab order while it is closed, and tells assistive technology
 * whether it is expanded (a popover's invoker carries that state). CSS anchors the list under the button.
 */
function NavMenu({ group }: { group: NavGroup }) {
  const id = `menu-${group.label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        className="flex items-center gap-1 rounded-md px-3 py-2 font-medium text-sm hover:bg-accent"
        style={{ anchorName: `--${id}` } as React.CSSProperties}
      >
        {group.label} <ChevronDown className="size-4" aria-hidden />
      </button>
      <LinkList
        id={id}
        popover="auto"
        aria-label={group.label}
        className="m-0 mt-1 min-w-56 rounded-md border bg-popover p-1 shadow-lg [inset:auto] [left:anchor(left)] [top:anchor(bottom)]"
        style={{ positionAnchor: `--${id}` } as React.CSSProperties}
        links={group.items}
        linkClassName="block rounded px-3 py-2 text-sm hover:bg-accent focus:bg-accent"
      />
    </>
  );
}

/** The pages that hold the contact section themselves: the home page and the contact page. */
const PAGES_WITH_CONTACT_SECTION = new Set(["/", "/contact"]);

/**
 * Where "Book Call" leads from a page: its own contact section where it has one (a jump within the
 * page, no navigation), else the home page's. The booking page is where the section leads, so there
 * it jumps to the times: leaving would drop the enquiry the page already knows.
 */
export function contactSectionHref(pathname: string) {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/book") return "#times";
  return PAGES_WITH_CONTACT_SECTION.has(path) ? "#contact-section" : "/#contact-section";
}

export function SiteHeader({ logo }: { logo: string | null }) {
  const { pathname } = useLocation();
  const bookCallHref = contactSectionHref(pathname);

  return (
    <header data-slot="site-header" className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-bold text-lg">
          <Logo src={logo} />
          <span className="truncate">{brand.name}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) =>
              isNavGroup(item) ? (
                <li key={item.label}>
                  <NavMenu group={item} />
                </li>
              ) : (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={pathname === item.to ? "page" : undefined}
                    className="rounded-md px-3 py-2 font-medium text-sm hover:bg-accent aria-[current=page]:text-primary"
                  >
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <a href={bookCallHref} className={cx(buttonVariants({ variant: "outline", size: "sm" }), "max-sm:hidden")}>
            Book Call
          </a>
          <Link to="/contact" className={cx(buttonVariants({ size: "sm" }))}>
            Get Started
          </Link>
          <details data-island="mobile-menu" className="group lg:hidden">
            <summary
              className={cx(
                buttonVariants({ variant: "outline", size: "icon-sm" }),
                "list-none [&::-webkit-details-marker]:hidden",
              )}
              aria-label="Menu"
            >
              <MenuIcon aria-hidden />
            </summary>
            <nav
              aria-label="Mobile"
              className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b bg-background px-4 pb-6 shadow-lg"
            >
              <ul className="divide-y">
                {mainNav.map((item) =>
                  isNavGroup(item) ? (
                    <li key={item.label} className="py-3">
                      <p className="mb-1 font-semibold text-muted-foreground text-xs uppercase tracking-wide">
                        {item.label}
                      </p>
                      <LinkList links={item.items} linkClassName="block py-2 font-medium" />
                    </li>
                  ) : (
                    <li key={item.to}>
                      <Link to={item.to} className="block py-3 font-medium">
                        {item.label}
                      </Link>
                    </li>
                  ),
                )}
              </ul>
              <div className="mt-4 grid gap-2">
                <a href={bookCallHref} className={buttonVariants({ variant: "outline" })}>
                  Book Call
                </a>
                <Link to="/contact" className={buttonVariants()}>
                  Get Started
                </Link>
              </div>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
