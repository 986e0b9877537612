import { useMatches } from "react-router";

/** A route's `handle`: `hydrate` makes its pages load React and React Router in the browser. */
export type RouteHandle = { hydrate?: boolean };

/** Whether the page's routes ask for React in the browser; content pages do not, and ship HTML. */
export function useHydrated() {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}

/** A JSON value inside a <script>: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * Loads the island modules a page's markup names (`data-island="name …"`), each once, and nothing on
 * a page that names none. Inline, so that it costs no request of its own. `window.islands` settles once
 * they have all loaded (tests wait for it).
 */
export function IslandLoader({ urls, nonce }: { urls: Record<string, string>; nonce: string }) {
  const code = `{const u=${scriptJson(urls)},n=new Set([...document.querySelectorAll("[data-island]")].flatMap(e=>e.dataset.island.split(" ")));self.islands=Promise.allSettled([...n].filter(k=>u[k]).map(k=>import(u[k])))}`;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own code around built asset addresses, `<` escaped.
  return <script type="module" nonce={nonce} dangerouslySetInnerHTML={{ __html: code }} />;
}

/** Addresses that are not pages to fetch ahead: actions, the admin, files, and the lead forms. */
const NOT_PAGES = ["/admin/*", "/api/*", "/uploads/*", "/assets/*", "/lead", "/consent", "/currency", "/*.*"];

/**
 * Speculation Rules: a page of the site is fetched once the pointer rests on its link, and prerendered
 * when the visitor starts to follow it (pointer or key down); the page cache makes both cheap. Nothing
 * is fetched for links the visitor only scrolls past.
 */
export function SpeculationRules({ nonce }: { nonce: string }) {
  const where = {
    and: [
      { href_matches: "/*" },
      ...NOT_PAGES.map((pattern) => ({ not: { href_matches: pattern } })),
      { not: { selector_matches: "[download], [rel~=nofollow], [data-island~=lead-dialog]" } },
    ],
  };
  const rules = {
    prefetch: [{ where, eagerness: "moderate" }],
    prerender: [{ where, eagerness: "conservative" }],
  };
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: constant rules as JSON, `<` escaped.
    <script type="speculationrules" nonce={nonce} dangerouslySetInnerHTML={{ __html: scriptJson(rules) }} />
  );
}
