const FLAKE_EVERY_MS = 300;
const FLAKE_LIFETIME_MS = 5000;

/**
 * Lets snow fall into `container`: a flake every 300 ms, each removed after 5 s, nothing while the tab
 * is hidden. Returns what stops it.
 */
export function letItSnow(container: HTMLElement) {
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
}
