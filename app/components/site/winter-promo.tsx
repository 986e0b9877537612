import { useEffect, useRef } from "react";
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

/**
 * Falling snow (see snowfall.ts), loaded after the page is up: decoration has no place in what a first
 * visit must download. Nothing at all for visitors who prefer reduced motion.
 */
export function Snowfall() {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = layer.current;
    if (!container || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let stop: (() => void) | undefined;
    let unmounted = false;
    void import("./snowfall").then(({ letItSnow }) => {
      if (!unmounted) stop = letItSnow(container);
    });
    return () => {
      unmounted = true;
      stop?.();
    };
  }, []);
  return <div ref={layer} aria-hidden className="pointer-events-none fixed inset-0 z-20 overflow-hidden" />;
}
