import { StrictMode, startTransition } from "react";

/** The events that say a visitor is about to use the page: it hydrates at once on the first of them. */
const FIRST_USE = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

let started = false;

/**
 * React DOM and the router's browser half load only here, by dynamic import, so that neither is
 * fetched nor evaluated with the route modules: their evaluation and the hydration are the long tasks
 * a page that works as the server sent it need not run before its first paint.
 */
function hydrate() {
  if (started) return;
  started = true;
  for (const type of FIRST_USE) window.removeEventListener(type, hydrate, true);
  void Promise.all([import("react-dom/client"), import("react-router/dom")]).then(
    ([{ hydrateRoot }, { HydratedRouter }]) => {
      startTransition(() => {
        hydrateRoot(
          document,
          <StrictMode>
            <HydratedRouter />
          </StrictMode>,
        );
      });
    },
  );
}

/**
 * A page whose markup says `data-hydrate="after-paint"` (the estimator: every step works as a plain
 * form) stays as the server sent it until the visitor's first pointer, key, focus or touch, and
 * hydrates then (an answer typed meanwhile is kept: React replays what changed before hydration).
 * Hydrating when the browser fell idle instead still put React DOM's evaluation and the hydration in
 * the window a slow phone's load is measured in. Other pages that hydrate (the admin) do so at once.
 */
if (document.querySelector('[data-hydrate="after-paint"]')) {
  for (const type of FIRST_USE) window.addEventListener(type, hydrate, { capture: true, passive: true });
} else {
  hydrate();
}
