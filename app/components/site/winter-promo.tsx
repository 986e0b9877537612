import { Link } from "react-router";
import { SnowflakeIcon } from "~/components/site/icons/SnowflakeIcon";
import { winterPromo } from "~/content/site";

/** The fixed winter banner. Its height is reserved by the layout (pb-12), so it never shifts content. */
export function WinterBanner() {
  return (
    <aside
      data-slot="winter-banner"
      aria-label="Winter promotion"
      className="fixed inset-x-0 bottom-0 z-30 flex h-12 items-center justify-center gap-2 bg-primary px-4 text-primary-foreground text-sm"
    >
      <SnowflakeIcon className="size-4 shrink-0" aria-hidden />
      <p className="truncate">
        <strong>{winterPromo.label}:</strong> {winterPromo.text}{" "}
        <Link to={winterPromo.to} className="font-semibold underline underline-offset-2">
          {winterPromo.cta}
        </Link>
      </p>
    </aside>
  );
}

/** The layer the snowfall island lets snow fall into (after the page has loaded, never with reduced motion). */
export function Snowfall() {
  return (
    <div
      data-slot="snowfall"
      data-island="snowfall"
      aria-hidden
      className="pointer-events-none fixed inset-0 z-20 overflow-hidden"
    />
  );
}
