import { Link } from "react-router";
import { SnowflakeIcon } from "~/components/site/icons/snowflake-icon";
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
      {/* The offer's text gives way on a narrow screen; its link never does. */}
      <p className="flex min-w-0 items-baseline gap-1.5">
        <span className="truncate">
          <strong>{winterPromo.label}:</strong> {winterPromo.text}
        </span>
        <Link to={winterPromo.to} className="shrink-0 font-semibold underline underline-offset-2">
          {winterPromo.cta}
        </Link>
      </p>
    </aside>
  );
}

/** A flake starts every 300 ms and is gone 5 s later: about 17 on screen at once. */
const FLAKE_EVERY_MS = 300;
const FLAKE_LIFETIME_MS = 5000;

/**
 * Where each flake falls, spread by fixed steps rather than chance so that every render, and so every
 * cached copy of a page, is the same. A second, slower sway per flake keeps the columns from showing.
 */
const flakes = Array.from({ length: Math.ceil(FLAKE_LIFETIME_MS / FLAKE_EVERY_MS) }, (_, k) => ({
  "--left": `${(k * 61) % 100}%`,
  "--size": `${8 + ((k * 7) % 11)}px`,
  "--drift": `${((k * 37) % 61) - 30}px`,
  "--sway": `${6 + ((k * 13) % 17) / 4}s`,
  "--delay": `${k * FLAKE_EVERY_MS}ms`,
  "--lifetime": `${FLAKE_LIFETIME_MS}ms`,
}));

/**
 * Falling snow drawn by the stylesheet alone: the flakes are markup and their animations run on the
 * compositor, so the page spends no script and no main-thread work on decoration (inserting a node per
 * flake restyled the whole page, since the stylesheet has `:has()` rules on the body). Hidden under
 * reduced motion.
 */
export function Snowfall() {
  return (
    <div data-slot="snowfall" aria-hidden className="pointer-events-none fixed inset-0 z-20 overflow-hidden">
      {flakes.map((flake) => (
        <span key={flake["--delay"]} className="snowflake" style={flake as React.CSSProperties}>
          ❄
        </span>
      ))}
    </div>
  );
}
