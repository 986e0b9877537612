// Decoration comes last: after the page has loaded, and never for visitors who prefer reduced motion.
const layer = document.querySelector<HTMLElement>("[data-slot=snowfall]");
if (layer && !window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
  const start = () => void import("./snowfall-effect").then(({ letItSnow }) => letItSnow(layer));
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
