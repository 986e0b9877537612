import { StrictMode, startTransition } from "react";

/**
 * React DOM and the router's browser half load here, by dynamic import, so that neither is fetched nor
 * evaluated with the route modules. This module runs when the page is to hydrate: at load on most
 * pages that hydrate (the admin), and on a page marked `data-hydrate="after-paint"` (the estimator:
 * every step works as a plain form) only after the visitor's first pointer, key, focus or touch, since
 * the server rewrites React Router's bootstrap script there to import the route modules and this entry
 * then (entry.server.tsx, `deferBootstrap`). An answer given meanwhile is kept: React replays what
 * changed before hydration, and the wizard reads its answers from the form.
 */
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
