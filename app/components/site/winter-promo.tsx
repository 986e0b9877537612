import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { SnowflakeIcon } from "~/components/site/icons/SnowflakeIcon";
import { winterPromo } from "~/content/site";

/** The fixed winter banner. Its height is reserved by the layout (pb-12), so it never shifts content. */
export function WinterBanner() {
  return (
    <aside
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

const FLAKE_EVERY_MS = 300;
const FLAKE_LIFETIME_MS = 5000;

/**
 * Falling snow: a flake every 300 ms, each removed after 5 s. Nothing runs while the tab is hidden,
 * and nothing at all for visitors who prefer reduced motion.
 */
export function Snowfall() {
  const layer = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = layer.current;
    if (!container || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const addFlake = () => {
      const flake = document.createElement("span");
      flake.className = "snowflake";
      flake.textContent = "❄";
      flake.style.left = `${Math.random() * 100}%`;
      flake.style.fontSize = `${8 + Math.random() * 10}px`;
      flake.style.setProperty("--drift", `${Math.random() * 60 - 30}px`);
      container.appendChild(flake);
      setTimeout(() => flake.remove(), FLAKE_LIFETIME_MS);
    };
    const start = () => {
      if (!timer && !document.hidden) timer = setInterval(addFlake, FLAKE_EVERY_MS);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.hidden ? stop() : start());
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
      container.replaceChildren();
    };
  }, []);
  return <div ref={layer} aria-hidden className="pointer-events-none fixed inset-0 z-20 overflow-hidden" />;
}
