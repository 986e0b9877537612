import { Link } from "react-router";
import { brand } from "~/content/brand";

export function SiteHeader() {
  return (
    <header data-slot="site-header" className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 font-bold text-lg">
          <img src={brand.defaultLogo} alt="" width={32} height={32} className="size-8" />
          <span>{brand.name}</span>
        </Link>
        <a
          href="/#contact-section"
          className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground text-sm hover:bg-primary/90"
        >
          Book Call
        </a>
      </div>
    </header>
  );
}
