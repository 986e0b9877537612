// The layer table of ARCHITECTURE.md ("Layers and what each may import"), checked on resolved
// imports: relative ones ("../../server/…") break a layer as surely as "~/server/…" does, and
// Biome's folder rules in biome.json only see how an import is spelled. `npm run lint` runs both.
// Packages are matched resolved or not: some (react-router) resolve only under a bundler's conditions.
const reactOrExpress = "^(node_modules/)?((@types/)?(express|react|react-dom|react-router)|@react-router/[^/]+)(/|$)";

/** One rule: modules under `from` (but not `fromNot`) may not import `to` (but may import `toNot`). */
const layer = (name, comment, from, to, { fromNot, toNot } = {}) => ({
  name,
  comment: `Layer rule (ARCHITECTURE.md): ${comment}`,
  severity: "error",
  from: { path: from, ...(fromNot ? { pathNot: fromNot } : {}) },
  to: { path: to, ...(toNot ? { pathNot: toNot } : {}) },
});

/** The two content modules that still use the IconName type of components/site (see biome.json). */
const contentWithIcons = "^app/content/(about|industries)\\.ts$";

module.exports = {
  forbidden: [
    layer(
      "content",
      "app/content imports only app/content and app/lib.",
      "^app/content/",
      "^app/(server|http|routes|components)/",
      { fromNot: contentWithIcons },
    ),
    layer(
      "content-with-icons",
      "app/content imports only app/content and app/lib (exception: the IconName type of components/site).",
      contentWithIcons,
      "^app/(server|http|routes|components/(admin|ui))/",
    ),
    layer(
      "lib",
      "app/lib is shared with the browser: it imports only app/lib and app/content.",
      "^app/lib/",
      "^app/(server|http|routes|components)/",
    ),
    layer(
      "server",
      "app/server imports only app/lib, app/content and app/server: no React, no Express, no request layer.",
      "^app/server/",
      `^app/(components|routes|http)/|${reactOrExpress}`,
    ),
    layer(
      "http",
      "app/http imports only app/lib, app/content and app/server.",
      "^app/http/",
      "^app/(components|routes)/",
    ),
    layer(
      "ui",
      "components/ui imports only app/lib.",
      "^app/components/ui/",
      "^app/(server|http|routes|content|components/(admin|site))/",
    ),
    layer(
      "site",
      "components/site imports app/lib, app/content and the shared ui/*-variants class lists only.",
      "^app/components/site/",
      "^app/(server|http|routes|components/(admin|ui))/",
      { toNot: "^app/components/ui/(button|badge)-variants\\.ts$" },
    ),
    layer(
      "islands",
      "islands are plain TypeScript and import app/lib and app/content only.",
      "^app/islands/",
      `^app/(server|http|routes|components)/|${reactOrExpress}`,
    ),
    layer(
      "admin-components",
      "components/admin imports components/ui, app/lib (row and answer types from app/lib/types) and app/content; from the routes' *.server.ts only the screens' own data types.",
      "^app/components/admin/",
      "^app/(server|http|routes|components/site)/",
      { toNot: "^app/routes/.+\\.server\\.ts$" },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|data|\\.react-router)/" },
    tsConfig: { fileName: "tsconfig.json" },
    // The TypeScript compiler this project uses (7, native) has no JavaScript API for the cruiser to
    // parse with: Babel's TypeScript preset reads the modules instead, with a plugin that keeps
    // type-only imports. Without that compiler the cruiser scans no .ts folder by itself, so
    // `npm run lint` names the files.
    babelConfig: { fileName: "scripts/lint/babel-dependency-cruiser.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
