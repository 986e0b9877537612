import { brand } from "~/content/brand";

export function SiteFooter() {
  return (
    <footer data-slot="site-footer" className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-8 text-muted-foreground text-sm">
        © {new Date().getFullYear()} {brand.legalName}. Serving {brand.countries.join(", ")}.
      </div>
    </footer>
  );
}
